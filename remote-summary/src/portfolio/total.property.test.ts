import fc from 'fast-check';
import {
  createAppStore,
  setCoinsData,
  updateHoldings,
  type CoinMarket,
} from '@token-portfolio/shared';
import { selectBreakdown, selectPortfolioTotal } from './selectors';

const price = fc.oneof(
  fc.double(),
  fc.constant(null),
  fc.constant(Number.NaN),
  fc.constant(-Infinity),
  fc.constant(Infinity),
);
const holdings = fc.oneof(
  fc.string(),
  fc.double().map(String),
  fc.constantFrom('', ' ', '1e400', '-5', 'NaN', 'Infinity', '0x10', '1,5'),
);

it('no holdings text and no price can make the total NaN or negative', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(price, holdings), { maxLength: 8 }), (rows) => {
      const store = createAppStore();
      const coins = rows.map(
        ([current_price], i) => ({ id: `coin-${i}`, current_price }) as CoinMarket,
      );
      store.dispatch(setCoinsData(coins));
      rows.forEach(([, amount], i) =>
        store.dispatch(updateHoldings({ id: `coin-${i}`, holdings: amount })),
      );
      const total = selectPortfolioTotal(store.getState());
      expect(Number.isNaN(total)).toBe(false);
      expect(total).toBeGreaterThanOrEqual(0);
      for (const slice of selectBreakdown(store.getState())) {
        expect(slice.value).toBeGreaterThan(0);
        expect(Number.isFinite(slice.percent)).toBe(true);
      }
    }),
  );
});
