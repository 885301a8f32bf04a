import { createAppStore, setCoinsData, updateHoldings } from '@token-portfolio/shared';
import { coinRecord, datedCoin, wishlistOf } from '@token-portfolio/shared/testing';
import { portfolioChange, selectPortfolioChange } from './portfolioChange';

describe('portfolioChange', () => {
  it("adds each coin's change in dollars and relates it to the value a day ago", () => {
    // ethereum: worth 1,100 after +10 % (1,000 a day ago); solana: 300 after -25 % (400).
    const change = portfolioChange([
      datedCoin('ethereum', '2', { current_price: 550, price_change_percentage_24h: 10 }),
      datedCoin('solana', '3', { current_price: 100, price_change_percentage_24h: -25 }),
    ]);
    expect(change.dollars).toBeCloseTo(1400 - 1400);
    expect(change.percent).toBeCloseTo(0);
    expect(change.leftOut).toBe(0);

    const gain = portfolioChange([
      datedCoin('ethereum', '2', { current_price: 550, price_change_percentage_24h: 10 }),
    ]);
    expect(gain.dollars).toBeCloseTo(100);
    expect(gain.percent).toBeCloseTo(10);
  });

  it('leaves out and counts held coins without a price or a 24h change', () => {
    const change = portfolioChange([
      datedCoin('ethereum', '1', { current_price: 200, price_change_percentage_24h: -20 }),
      datedCoin('unpriced', '5', { current_price: null, price_change_percentage_24h: 3 }),
      datedCoin('unchanged', '5', { current_price: 10, price_change_percentage_24h: null }),
      datedCoin('impossible', '5', { current_price: 10, price_change_percentage_24h: -100 }),
      { holdings: '4', value: null },
      // Not held: neither counted nor left out.
      datedCoin('zero', '0', { current_price: 10, price_change_percentage_24h: null }),
      datedCoin('text', 'abc', { current_price: 10, price_change_percentage_24h: null }),
      null,
    ]);
    expect(change.dollars).toBeCloseTo(-50);
    expect(change.percent).toBeCloseTo(-20);
    expect(change.leftOut).toBe(4);
  });

  it('has no figure when no held coin has both a price and a change', () => {
    expect(portfolioChange([datedCoin('ethereum', '1', { current_price: 200 })])).toEqual({
      dollars: null,
      percent: null,
      leftOut: 1,
    });
    expect(portfolioChange([])).toEqual({ dollars: null, percent: null, leftOut: 0 });
  });
});

describe('selectPortfolioChange', () => {
  it('follows holdings edits and price refreshes, and is memoized between them', () => {
    const store = createAppStore({
      preloadedState: {
        wishlist: wishlistOf(
          datedCoin('ethereum', '1', { current_price: 110, price_change_percentage_24h: 10 }),
        ),
      },
    });
    const first = selectPortfolioChange(store.getState());
    expect(selectPortfolioChange(store.getState())).toBe(first);
    expect(first.dollars).toBeCloseTo(10);

    store.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    expect(selectPortfolioChange(store.getState()).dollars).toBeCloseTo(30);

    store.dispatch(
      setCoinsData([
        coinRecord({ id: 'ethereum', current_price: 90, price_change_percentage_24h: -10 }),
      ]),
    );
    expect(selectPortfolioChange(store.getState()).dollars).toBeCloseTo(-30);
    expect(selectPortfolioChange(store.getState()).percent).toBeCloseTo(-10);
  });
});
