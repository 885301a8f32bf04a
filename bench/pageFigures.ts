// The figures of the timed page loads: cold loads over HTTP/2 and HTTP/1.1, the physical
// floor of the profile, and the repeat visit after a watchlist redeploy.
import { SLOW_4G } from './browser';
import { criticalJs } from './measure/criticalJs';
import { totalGzipBytes, type ListedScript } from './measure/firstPaintBudget';
import { milestonesOf, scriptsOf, type PageLoad } from './measure/pageLoads';
import type { RepeatVisit } from './measure/repeatVisit';
import type { Protocol } from './nginxFront';
import { figure, kb, median, type Figure } from './report';
import { BUILDS, type BenchServers, type BuildName } from './servers';

export interface FigureSet {
  figures: Figure[];
  notes: string[];
}

const LABEL: Record<BuildName, string> = { federated: 'federated', monolith: 'single bundle' };
const PROTOCOL: Record<Protocol, string> = { h2: 'HTTP/2', h1: 'HTTP/1.1' };

const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? Math.round((a / b) * 1000) / 1000 : null;

const reached = (loads: PageLoad[], build: BuildName) =>
  loads.filter((load) => load.build === build && load.portfolioVisibleMs !== null);

/** The load whose time is nearest the median: its timeline explains the median. */
function typicalLoad(loads: PageLoad[], build: BuildName, medianMs: number): PageLoad | undefined {
  const distance = (load: PageLoad) => Math.abs((load.portfolioVisibleMs ?? Infinity) - medianMs);
  return [...reached(loads, build)].sort((a, b) => distance(a) - distance(b))[0];
}

/** Median time to portfolio visible of each build, over one protocol. */
export function medianTimes(loads: PageLoad[]): Record<BuildName, number | null> {
  return {
    federated: median(reached(loads, 'federated').map((l) => l.portfolioVisibleMs ?? 0)),
    monolith: median(reached(loads, 'monolith').map((l) => l.portfolioVisibleMs ?? 0)),
  };
}

/** Times, their ratio, and each median load's timeline, over one protocol. */
export function coldLoadFigures(loads: PageLoad[], protocol: Protocol): FigureSet {
  const times = medianTimes(loads);
  const figures = BUILDS.map((build) =>
    figure(
      `Time to portfolio visible, ${LABEL[build]}, cold, ${PROTOCOL[protocol]} (median of ${reached(loads, build).length})`,
      times[build] === null ? null : Math.round(times[build] ?? 0),
      'ms',
    ),
  );
  const h2 = protocol === 'h2';
  figures.push(
    figure(
      `Time to portfolio visible, federated / single bundle, cold, ${PROTOCOL[protocol]}`,
      ratio(times.federated, times.monolith),
      'ratio',
      h2 ? '<= 1.10' : null,
      h2 ? (v) => v <= 1.1 : undefined,
    ),
  );
  const notes = BUILDS.flatMap((build) => {
    const typical = typicalLoad(loads, build, times[build] ?? 0);
    if (!typical) return [];
    const steps = Object.entries(milestonesOf(typical))
      .sort(([, a], [, b]) => a - b)
      .map(([step, ms]) => `${step} ${Math.round(ms)} ms`);
    const visible = `portfolio visible ${Math.round(typical.portfolioVisibleMs ?? 0)} ms`;
    return [
      `Median ${LABEL[build]} cold load over ${PROTOCOL[protocol]}, when each step had arrived: ${[...steps, visible].join(', ')}.`,
    ];
  });
  // The single bundle has every widget inside: a remote's file in its load is a fault of
  // the baseline (it happened once in 7 loads over HTTP/1.1 on 2026-11-24), so say so.
  const singleLoads = reached(loads, 'monolith');
  const remoteFiles = (load: PageLoad) =>
    load.beforeMark.map(({ path }) => path).filter((path) => path.startsWith('/remotes/'));
  const strays = singleLoads.filter((load) => remoteFiles(load).length > 0);
  if (strays.length) {
    const paths = new Set(strays.flatMap(remoteFiles));
    notes.push(
      `Single bundle over ${PROTOCOL[protocol]}: ${strays.length} of ${singleLoads.length} loads requested a remote's file before the mark (${[...paths].join(', ')}); these loads are kept in the median.`,
    );
  }
  return { figures, notes };
}

/** What the page fetched before the mark (HTTP/2 loads): JS gzip sizes, files, bytes. */
export function criticalPathFigures(loads: PageLoad[], dists: BenchServers['dists']): FigureSet {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const build of BUILDS) {
    const ofBuild = reached(loads, build);
    const js = ofBuild.map((load) => criticalJs(scriptsOf(load.beforeMark), dists[build]));
    const gzip = median(js.map((j) => j.gzipBytes));
    const transferred = median(
      ofBuild.map((load) => load.beforeMark.reduce((sum, r) => sum + r.transferSize, 0)),
    );
    const federated = build === 'federated';
    figures.push(
      figure(
        `JS before portfolio visible, ${LABEL[build]} (gzip)`,
        gzip === null ? null : kb(gzip),
        'KB',
        federated ? '<= 150' : null,
        federated ? (v) => v <= 150 : undefined,
      ),
      figure(
        `JS files requested before portfolio visible, ${LABEL[build]}`,
        median(js.map((j) => j.files)),
        'files',
      ),
      figure(
        `Bytes transferred before portfolio visible, ${LABEL[build]}`,
        transferred === null ? null : kb(transferred),
        'KB',
      ),
    );
    if (federated) {
      const wallet = [...new Set(js.flatMap((j) => j.walletPackages))];
      figures.push(
        figure(
          'Wallet-stack packages before portfolio visible, federated',
          js.length ? wallet.length : null,
          'packages',
          '0',
          (v) => v === 0,
        ),
      );
      if (wallet.length)
        notes.push(`Wallet-stack packages on the critical path: ${wallet.join(', ')}.`);
    }
  }
  return { figures, notes };
}

/** How far the browser's figure may be from the lists' before the bench says so. */
const LISTED_TOLERANCE_BYTES = 512;

/**
 * The federated page's JS before portfolio visible, as measured in the browser, against the
 * same figure summed from the first-paint lists (`npm run budget`): a note when they differ
 * by more than 0.5 KB, naming the files only one of them counts; else null.
 */
export function listedVersusMeasured(
  loads: PageLoad[],
  dists: BenchServers['dists'],
  listed: readonly ListedScript[],
): string | null {
  const federated = reached(loads, 'federated');
  const measured = median(
    federated.map((load) => criticalJs(scriptsOf(load.beforeMark), dists.federated).gzipBytes),
  );
  const fromLists = totalGzipBytes(listed);
  if (measured === null || Math.abs(measured - fromLists) <= LISTED_TOLERANCE_BYTES) return null;
  const loaded = new Set(federated.flatMap((load) => scriptsOf(load.beforeMark)));
  const listedPaths = new Set(listed.map(({ path }) => path));
  const onlyLoaded = [...loaded].filter((file) => !listedPaths.has(file));
  const onlyListed = [...listedPaths].filter((file) => !loaded.has(file));
  return `JS before portfolio visible, federated: ${kb(measured)} KB measured in the browser, ${kb(fromLists)} KB by the first-paint lists (npm run budget), more than 0.5 KB apart. Loaded before the mark but not listed: ${onlyLoaded.join(', ') || 'none'}; listed but not loaded: ${onlyListed.join(', ') || 'none'}.`;
}

/**
 * The profile's physical floor: the page's round trip and its bytes, the single bundle's
 * critical JavaScript (gzip) at the profile's bandwidth, and one market round trip.
 */
export function floorFigures(loads: PageLoad[], dists: BenchServers['dists']): FigureSet {
  const single = reached(loads, 'monolith');
  const htmlBytes = median(
    single.map((load) => load.beforeMark.find((r) => r.path === '/')?.transferSize ?? 0),
  );
  const jsBytes = median(
    single.map((load) => criticalJs(scriptsOf(load.beforeMark), dists.monolith).gzipBytes),
  );
  const floorMs =
    htmlBytes === null || jsBytes === null
      ? null
      : 2 * SLOW_4G.latency + ((htmlBytes + jsBytes) / SLOW_4G.downloadThroughput) * 1000;
  const { federated } = medianTimes(loads);
  return {
    figures: [
      figure(
        'Physical floor of the profile (HTML round trip, single bundle JS, market round trip)',
        floorMs === null ? null : Math.round(floorMs),
        'ms',
      ),
      figure(
        'Time to portfolio visible, federated / physical floor',
        ratio(federated, floorMs),
        'ratio',
        '<= 1.3',
        (v) => v <= 1.3,
      ),
    ],
    notes: [
      `Physical floor: two round trips of ${SLOW_4G.latency} ms (the page, the market answer) plus the page (${kb(htmlBytes ?? 0)} KB as sent) and the single bundle's critical JS (${kb(jsBytes ?? 0)} KB gzip) at ${Math.round((SLOW_4G.downloadThroughput * 8) / 1000)} kbit/s; the HTTP/2 cold loads' medians are compared with it.`,
    ],
  };
}

/** Bytes and time of the repeat visit after each build's redeploy, and their ratios. */
export function repeatVisitFigures(visits: RepeatVisit[]): FigureSet {
  const of = (build: BuildName) => visits.filter((visit) => visit.build === build);
  const medianOf = (build: BuildName, value: (visit: RepeatVisit) => number) =>
    median(of(build).map(value));
  const figures: Figure[] = [];
  for (const build of BUILDS) {
    figures.push(
      figure(
        `Repeat visit after a watchlist redeploy, ${LABEL[build]}: time to portfolio visible (median of ${of(build).length})`,
        medianOf(build, (v) => Math.round(v.portfolioVisibleMs)),
        'ms',
      ),
      figure(
        `Repeat visit after a watchlist redeploy, ${LABEL[build]}: JS downloaded (gzip)`,
        kb(medianOf(build, (v) => v.jsGzipBytes) ?? 0),
        'KB',
      ),
      figure(
        `Repeat visit after a watchlist redeploy, ${LABEL[build]}: bytes transferred`,
        kb(medianOf(build, (v) => v.transferredBytes) ?? 0),
        'KB',
      ),
    );
  }
  figures.push(
    figure(
      'Repeat visit after a watchlist redeploy, bytes, federated / single bundle',
      ratio(
        medianOf('federated', (v) => v.jsGzipBytes),
        medianOf('monolith', (v) => v.jsGzipBytes),
      ),
      'ratio',
      '<= 0.25',
      (v) => v <= 0.25,
    ),
    figure(
      'Repeat visit after a watchlist redeploy, time, federated / single bundle',
      ratio(
        medianOf('federated', (v) => v.portfolioVisibleMs),
        medianOf('monolith', (v) => v.portfolioVisibleMs),
      ),
      'ratio',
      '<= 0.9',
      (v) => v <= 0.9,
    ),
  );
  const notes = BUILDS.flatMap((build) => {
    // The visit whose download is the median one, as in the figures.
    const byBytes = of(build).sort((a, b) => a.jsGzipBytes - b.jsGzipBytes);
    const visit = byBytes[Math.floor(byBytes.length / 2)];
    return visit
      ? [
          `Repeat visit, ${LABEL[build]}: ${visit.fromCache} responses from the HTTP cache alone, ${visit.revalidated} revalidated (304), downloaded: ${visit.downloadedScripts.join(', ') || 'no script'}.`,
        ]
      : [];
  });
  return { figures, notes };
}
