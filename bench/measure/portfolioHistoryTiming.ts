import { performance } from 'node:perf_hooks';
import { createAppStore, type RootState, type WishlistState } from '@token-portfolio/shared';
import { selectPortfolioHistory } from '../../remote-summary/src/portfolio/portfolioHistory';
import { median } from '../report';
import { thousandCoins } from '../syntheticCoins';

const RUNS = 21;
const COINS = 100;

/**
 * Median time of selectPortfolioHistory over 100 held coins of 168 hourly points, each
 * run on a new wishlist (as after an edit or a refresh), so the memo never answers.
 */
export function timePortfolioHistory(): number {
  const coins = thousandCoins('http://127.0.0.1').slice(0, COINS);
  const points = coins.map((coin) => coin.sparkline_in_7d?.price.length ?? 0);
  if (points.some((length) => length !== 168)) throw new Error('expected 168 points a coin');
  const state = createAppStore().getState();
  const times: number[] = [];
  for (let run = 0; run < RUNS + 3; run += 1) {
    const wishlist: WishlistState = {
      ids: coins.map((coin) => coin.id),
      entities: Object.fromEntries(
        coins.map((coin) => [coin.id, { ...coin, holdings: '1', value: coin.current_price }]),
      ),
    };
    const next: RootState = { ...state, wishlist };
    const start = performance.now();
    const { points: history } = selectPortfolioHistory(next);
    if (run >= 3) times.push(performance.now() - start); // the first runs warm the JIT
    if (history.length !== 168) throw new Error(`expected 168 points, got ${history.length}`);
  }
  return median(times) ?? 0;
}
