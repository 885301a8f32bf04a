import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setCoinsData, wishlistSlice, type WishlistState } from '@token-portfolio/shared';
import { median } from '../report';
import { marketCoins } from '../syntheticCoins';

const RUNS = 21;
const WARM_UP = 3;

/** V8's collector, exposed at run time (Node's documented `--expose-gc`, set from here). */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Median time of the wishlist reducer merging `count` fresh coins (new objects each run,
 * as every market answer brings) into a list watching those `count` ids. Garbage left by
 * building the coins is collected before each run, so only the reducer's own is timed.
 */
function timeSetCoinsData(count: number): number {
  const gc = collectGarbage();
  const ids = marketCoins(count, '').map((coin) => coin.id);
  const watched: WishlistState = {
    ids,
    entities: Object.fromEntries(ids.map((id) => [id, { holdings: '1', value: null }])),
  };
  const times: number[] = [];
  for (let run = 0; run < RUNS + WARM_UP; run += 1) {
    const action = setCoinsData(marketCoins(count, 'http://127.0.0.1', 1 + run / 100));
    gc();
    const start = performance.now();
    wishlistSlice.reducer(watched, action);
    if (run >= WARM_UP) times.push(performance.now() - start); // the first runs warm the JIT
  }
  return median(times) ?? 0;
}

/**
 * The reducer's timings for 1,000 and 10,000 coins, taken in a Node process of their own:
 * at the end of the bench the harness's process holds the browser's connections, the
 * servers' leftovers and a heap grown over ten minutes, which made the same reducer time
 * twice as slow there as anywhere else; the figure is the reducer's, not the harness's.
 */
export function timeSetCoinsDataApart(): { thousandMs: number; tenThousandMs: number } {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--print'],
    { encoding: 'utf8' },
  );
  return JSON.parse(output) as { thousandMs: number; tenThousandMs: number };
}

if (process.argv.includes('--print') && process.argv[1] === fileURLToPath(import.meta.url)) {
  const thousandMs = timeSetCoinsData(1_000);
  const tenThousandMs = timeSetCoinsData(10_000);
  process.stdout.write(JSON.stringify({ thousandMs, tenThousandMs }));
}
