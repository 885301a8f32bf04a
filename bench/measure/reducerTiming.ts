import { performance } from 'node:perf_hooks';
import { setCoinsData, wishlistSlice, type WishlistState } from '@token-portfolio/shared';
import { median } from '../report';
import { thousandCoins } from '../syntheticCoins';

const RUNS = 21;

/** Median time of the wishlist reducer merging 1,000 fresh coins into 1,000 watched ids. */
export function timeSetCoinsData(): number {
  const coins = thousandCoins('http://127.0.0.1');
  const watched: WishlistState = {
    ids: coins.map((coin) => coin.id),
    entities: Object.fromEntries(coins.map((coin) => [coin.id, { holdings: '1', value: null }])),
  };
  const times: number[] = [];
  for (let run = 0; run < RUNS + 3; run += 1) {
    const action = setCoinsData(coins);
    const start = performance.now();
    wishlistSlice.reducer(watched, action);
    if (run >= 3) times.push(performance.now() - start); // the first runs warm the JIT
  }
  return median(times) ?? 0;
}
