import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median } from '../report';

export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
}

// Lighthouse's performance score varies from run to run (more so on a busy machine);
// its docs recommend the median of several runs.
const RUNS = 3;

async function runOnce(url: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  const score = (category: string) => {
    const value = result?.lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  return { performance: score('performance'), accessibility: score('accessibility') };
}

/** Lighthouse (desktop preset) on a Chromium already listening on `port`: median scores 0-100. */
export async function lighthouseScores(url: string, port: number): Promise<LighthouseScores> {
  const runs: LighthouseScores[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runOnce(url, port));
  const medianOf = (key: keyof LighthouseScores) =>
    median(runs.flatMap((scores) => (scores[key] === null ? [] : [scores[key]])));
  return { performance: medianOf('performance'), accessibility: medianOf('accessibility') };
}
