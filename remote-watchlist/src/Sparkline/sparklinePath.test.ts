import { drawSparkline } from './sparklinePath';

describe('drawSparkline', () => {
  it('fits the series into the box, highest price at the top', () => {
    const drawing = drawSparkline([10, 30, 20], 100, 40);
    expect(drawing?.path).toBe('M1,39L50,1L99,20');
  });

  it('rises only when the last price is above the first', () => {
    expect(drawSparkline([1, 0.5, 2], 100, 40)?.rising).toBe(true);
    expect(drawSparkline([2, 3, 1], 100, 40)?.rising).toBe(false);
    expect(drawSparkline([2, 3, 2], 100, 40)?.rising).toBe(false);
  });

  it('draws a flat week as a line across the middle', () => {
    expect(drawSparkline([5, 5, 5], 100, 40)?.path).toBe('M1,20L50,20L99,20');
  });

  it('skips prices that are not numbers and needs two to draw', () => {
    expect(drawSparkline([Number.NaN, 4, 8], 100, 40)?.path).toBe('M1,39L99,1');
    expect(drawSparkline([4], 100, 40)).toBeNull();
    expect(drawSparkline([], 100, 40)).toBeNull();
  });
});
