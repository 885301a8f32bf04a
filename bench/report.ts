import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One measured figure: what it is, its value, and whether it meets its target. */
export interface Figure {
  name: string;
  /** null: could not be measured in this run (see notes). */
  value: number | null;
  unit: string;
  /** Human-readable target, e.g. '<= 1.10'; null when the figure is reported only. */
  target: string | null;
  met: boolean | null;
}

/** A figure with a numeric target; `meets` decides from a measured value. */
export function figure(
  name: string,
  value: number | null,
  unit: string,
  target: string | null = null,
  meets?: (value: number) => boolean,
): Figure {
  const met = value === null || !meets ? null : meets(value);
  return { name, value, unit, target, met };
}

export interface BenchReport {
  date: string;
  machine: string;
  durationSeconds: number;
  figures: Figure[];
  notes: string[];
}

/**
 * The machine and browser a run's timings belong to: CPU 4x throttling scales the host's
 * own speed, so runs on different CPUs or Chromium builds differ without any code change.
 */
export const machineDescription = (browserVersion: string | null) =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ` +
  `${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}` +
  `, Chromium ${browserVersion ?? 'not started'}`;

const formatValue = ({ value, unit }: Figure) =>
  value === null
    ? 'not measured'
    : `${Number.isInteger(value) ? value : value.toFixed(unit === 'ratio' ? 3 : 1)} ${unit}`;

const verdict = ({ met }: Figure) => (met === null ? '' : met ? 'met' : 'NOT met');

/** The results as a Markdown table (also what the README shows). */
export function markdownTable(figures: Figure[]): string {
  const rows = figures.map(
    (f) => `| ${f.name} | ${formatValue(f)} | ${f.target ?? ''} | ${verdict(f)} |`,
  );
  return ['| figure | value | target | |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

export function printTable(figures: Figure[]): void {
  const nameWidth = Math.max(...figures.map((f) => f.name.length));
  const valueWidth = Math.max(...figures.map((f) => formatValue(f).length));
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(nameWidth)}  ${formatValue(f).padStart(valueWidth)}  ${(f.target ?? '').padEnd(10)} ${verdict(f)}`,
    );
  }
}

export function writeResults(report: BenchReport, dir: string): void {
  writeFileSync(path.join(dir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = [
    `# Benchmark results`,
    '',
    `${report.date} · ${report.machine} · whole run ${report.durationSeconds} s`,
    '',
    markdownTable(report.figures),
    '',
    '## Notes',
    '',
    ...report.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'results.md'), markdown);
}

/**
 * A step run alone (`npx tsx bench/<step>.ts`): its figures and notes replace the ones it
 * wrote before in bench/results.json (those the two tests match); the rest stays.
 */
export function recordStep(
  dir: string,
  { figures, notes }: { figures: Figure[]; notes: string[] },
  ours: { figure: (name: string) => boolean; note: (note: string) => boolean },
): void {
  const file = path.join(dir, 'results.json');
  const report = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as BenchReport)
    : { date: '', machine: '', durationSeconds: 0, figures: [], notes: [] };
  writeResults(
    {
      ...report,
      figures: [...report.figures.filter((f) => !ours.figure(f.name)), ...figures],
      notes: [...report.notes.filter((note) => !ours.note(note)), ...notes],
    },
    dir,
  );
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
