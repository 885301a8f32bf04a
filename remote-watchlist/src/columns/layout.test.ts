import { WATCHLIST_COLUMNS } from './columns';
import { TABLE_FULL_WIDTH, TABLE_MIN_WIDTH } from './layout';

describe('the watchlist columns', () => {
  it('fit side by side from a 968 px wide watchlist; below it the rows are cards (docs/product.md#the-screen)', () => {
    expect(TABLE_MIN_WIDTH).toBe(968);
  });

  it('all fit, Market cap too, from a 1,080 px wide watchlist (docs/product.md#the-screen)', () => {
    expect(TABLE_FULL_WIDTH).toBe(1080);
  });

  it('each have an id of their own: their cells are found by it', () => {
    const ids = WATCHLIST_COLUMNS.map(({ id }) => id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
