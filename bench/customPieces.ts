// What each of our custom build pieces buys (bench/README.md#what-each-custom-piece-buys):
// the composed app built without a piece, the documented way instead (`--env without=…`,
// read in shared/build/app-config.ts), served and loaded cold like the bench's federated
// build, interleaved with it.
//   npm run bench -- --custom-pieces      as a step of the whole bench
//   npx tsx bench/customPieces.ts         alone: builds, measures, and merges its figures
//                                         into bench/results.json (--no-build: the current
//                                         builds; variants older than them are rebuilt)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { CustomPiece } from '../shared/build/app-config';
import { defaultDistFolders, type DistFolders } from '@token-portfolio/server/dist-folders';
import { buildApps } from '../scripts/build';
import { APP_FOLDERS, repoRoot } from '../scripts/apps';
import { launchBenchBrowser, openPage } from './browser';
import { criticalJs } from './measure/criticalJs';
import { federationRuntimes, findDuplicates } from './measure/duplicates';
import { measurePageLoads, scriptsOf } from './measure/pageLoads';
import { kb, type FigureSet } from './pageFigures';
import { builtAt } from './redeploy';
import { figure, median, recordStep, type Figure } from './report';
import { serveBuilds } from './servers';

/** Each variant: the pieces it is built without, and how its figures name it. */
const VARIANTS = {
  withoutEsmRuntime: { without: ['esm-runtime'], label: 'the ES-module runtime swap' },
  withoutStartup: { without: ['container-startup'], label: 'one container start-up copy' },
  // The lent bundler runtime cannot go alone: a composed entry reaches the host's start-up
  // code through it (shared/build/container-startup.ts), so it goes with the start-up copy.
  withoutStartupAndRuntime: {
    without: ['container-startup', 'bundler-runtime'],
    label: 'one container start-up copy and the lent bundler runtime',
  },
} satisfies Record<string, { without: CustomPiece[]; label: string }>;
type Variant = keyof typeof VARIANTS;
type Build = 'federated' | Variant;
const variants = Object.keys(VARIANTS) as Variant[];

/** What each piece buys: the build without it against the build it was taken from. */
const PIECES: { piece: string; without: Variant; from: Build }[] = [
  { piece: VARIANTS.withoutEsmRuntime.label, without: 'withoutEsmRuntime', from: 'federated' },
  { piece: VARIANTS.withoutStartup.label, without: 'withoutStartup', from: 'federated' },
  {
    piece: 'the lent bundler runtime',
    without: 'withoutStartupAndRuntime',
    from: 'withoutStartup',
  },
];

const WITH_EVERY_PIECE = 'with every custom piece';
const suffixOf = (build: Build) =>
  build === 'federated' ? WITH_EVERY_PIECE : `without ${VARIANTS[build].label}`;
const NOTE = 'Custom pieces';

/** This step's figures, by name (the rest of results.json is the whole bench's). */
const isCustomPiecesFigure = (name: string) =>
  name.includes(WITH_EVERY_PIECE) ||
  Object.values(VARIANTS).some(({ label }) => name.includes(`without ${label}`)) ||
  PIECES.some(({ piece }) => name.startsWith(`What ${piece} buys:`));

const variantRoot = path.join(repoRoot, '.variants', 'custom-pieces');

/** A variant's dist folders: the normal ones' paths under .variants/custom-pieces/<variant>/. */
const distsOf = (variant: Variant): DistFolders =>
  Object.fromEntries(
    Object.entries(defaultDistFolders()).map(([app, dist]) => [
      app,
      path.join(variantRoot, variant, path.relative(repoRoot, dist)),
    ]),
  ) as DistFolders;

/** A variant built after the current builds (every app's first-paint list newer). */
const isCurrent = (variant: Variant) =>
  Object.entries(defaultDistFolders()).every(([app, dist]) => {
    const built = builtAt(
      path.join(distsOf(variant)[app as keyof DistFolders], 'first-paint.json'),
    );
    return built > 0 && built >= builtAt(path.join(dist, 'first-paint.json'));
  });

/** Each variant's production build of every app, beside the real dist/ folders. */
async function buildVariants(rebuild: boolean): Promise<void> {
  for (const variant of variants) {
    const { without } = VARIANTS[variant];
    if (!rebuild && isCurrent(variant)) continue;
    console.log(`Building the composed app without ${without.join(' and ')} ...`);
    await buildApps(APP_FOLDERS, (app) => [
      '--env',
      `without=${without.join(',')}`,
      '--output-path',
      path.join(variantRoot, variant, app, 'dist'),
    ]);
  }
}

/**
 * The copies of each federation runtime part the page loads (Add Token opened, as the
 * bench counts them, over plain HTTP), and what it reports as errors meanwhile.
 */
async function runtimeCopies(browser: Browser, url: string) {
  const { context, page } = await openPage(browser, { throttled: false });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const { url: from } = message.location();
    // Coin images: only the TLS front passes /fixtures/ on to the fixture API (market.ts).
    if (message.type() !== 'error' || from.includes('/fixtures/')) return;
    errors.push(`${message.text()} ${from}`);
  });
  try {
    return { ...(await findDuplicates(page, url)), errors };
  } finally {
    await context.close();
  }
}

/**
 * Builds the variants (unless current and `rebuild` is false), then loads each and the
 * normal federated build cold over HTTP/2, `runs` times interleaved. The normal builds
 * must be current: the caller builds them.
 */
export async function measureCustomPieces(runs: number, rebuild: boolean): Promise<FigureSet> {
  await buildVariants(rebuild);
  const loadAtStart = loadavg()[0] ?? 0;
  const dists = {
    federated: defaultDistFolders(),
    ...Object.fromEntries(variants.map((variant) => [variant, distsOf(variant)])),
  } as Record<Build, DistFolders>;
  const builds = Object.keys(dists) as Build[];
  const root = await mkdtemp(path.join(tmpdir(), 'tp-bench-pieces-'));
  const servers = await serveBuilds(dists, root);
  const { browser, close } = await launchBenchBrowser(servers.spkiSha256);
  try {
    console.log(`Cold loads over HTTP/2 without each custom piece, ${runs} per build ...`);
    const loads = await measurePageLoads(browser, servers.market, servers.tls.h2, 'h2', runs);
    const figures: Figure[] = [];
    const notes: string[] = [];
    const js = {} as Record<Build, number | null>;
    const times = {} as Record<Build, number | null>;
    for (const build of builds) {
      const reached = loads.filter((l) => l.build === build && l.portfolioVisibleMs !== null);
      js[build] = median(
        reached.map((l) => criticalJs(scriptsOf(l.beforeMark), dists[build]).gzipBytes),
      );
      times[build] = median(reached.map((l) => l.portfolioVisibleMs ?? 0));
      const copies = await runtimeCopies(browser, servers.urls[build]);
      const suffix = suffixOf(build);
      figures.push(
        figure(
          `JS before portfolio visible, federated (gzip), ${suffix}`,
          js[build] === null ? null : kb(js[build]),
          'KB',
        ),
        figure(
          `Time to portfolio visible, federated, cold, HTTP/2, ${suffix} (median of ${reached.length})`,
          times[build] === null ? null : Math.round(times[build]),
          'ms',
        ),
        figure(
          `Cold loads that reached portfolio visible, federated, ${suffix}`,
          reached.length,
          'loads',
          String(runs),
          (v) => v === runs,
        ),
        figure(
          `Federation runtimes loaded on the composed page, ${suffix}`,
          federationRuntimes(copies),
          'copies',
        ),
      );
      const parts = Object.entries(copies.federationRuntimeCopies)
        .map(([pkg, count]) => `${pkg} ${count}`)
        .join(', ');
      const errors = copies.errors.length
        ? `${copies.errors.length} errors (${[...new Set(copies.errors)].join(' | ')})`
        : 'no errors';
      notes.push(
        `${NOTE}, ${suffix}: federation runtime copies by part ${parts}; the page (Add Token opened) reported ${errors}.`,
      );
    }
    for (const { piece, without, from } of PIECES) {
      const jsWithout = js[without];
      const jsFrom = js[from];
      const timeWithout = times[without];
      const timeFrom = times[from];
      figures.push(
        figure(
          `What ${piece} buys: JS before portfolio visible (gzip)`,
          jsWithout === null || jsFrom === null ? null : kb(jsWithout - jsFrom),
          'KB',
        ),
        figure(
          `What ${piece} buys: time to portfolio visible, cold, HTTP/2`,
          timeWithout === null || timeFrom === null ? null : Math.round(timeWithout - timeFrom),
          'ms',
        ),
      );
    }
    notes.push(
      `${NOTE}: each variant is the whole composed app (host and four remotes, every part) built with \`rspack build --env without=<piece>\` (shared/build/app-config.ts) into .variants/custom-pieces/, served like the federated build (composed server, nginx, HTTP/2) and loaded cold ${runs} times with it, interleaved, same profile (bench/README.md). What a piece buys is the figure without it minus the figure with it; the lent bundler runtime cannot be turned off alone (a composed entry reaches the host's start-up code through it), so it is measured against the build already without the start-up copy. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (run alone, this step's figures join an earlier run's file); load average at its start ${loadAtStart.toFixed(1)}, at its end ${loadavg()[0]?.toFixed(1)}.`,
    );
    return { figures, notes };
  } finally {
    await close();
    await servers.close();
    await rm(root, { recursive: true, force: true });
  }
}

// Alone: the normal builds, the variants, and the figures merged into the results files.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const rebuild = !process.argv.includes('--no-build');
  if (rebuild) await buildApps(APP_FOLDERS);
  const { figures, notes } = await measureCustomPieces(
    Number(process.env['BENCH_RUNS'] ?? 7),
    rebuild,
  );
  recordStep(
    import.meta.dirname,
    { figures, notes },
    { figure: isCustomPiecesFigure, note: (note) => note.startsWith(NOTE) },
  );
  for (const f of figures) console.log(`${f.name}: ${f.value ?? 'not measured'} ${f.unit}`);
}
