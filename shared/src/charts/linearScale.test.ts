import { linearScale } from './linearScale';

describe('linearScale', () => {
  it('maps the domain onto the range, reversed ranges included', () => {
    const y = linearScale([10, 30], [39, 1]);
    expect([y(10), y(20), y(30)]).toEqual([39, 20, 1]);
    expect(y(40)).toBe(-18);
  });

  it('inverts a position back to the value drawn there', () => {
    const x = linearScale([1_000, 2_000], [0, 200]);
    expect(x.invert(50)).toBe(1_250);
    expect(x.invert(x(1_730))).toBeCloseTo(1_730);
  });

  it('puts every value of a flat domain in the middle of the range', () => {
    const y = linearScale([5, 5], [40, 0]);
    expect([y(5), y(6)]).toEqual([20, 20]);
    expect(y.invert(7)).toBe(5);
  });

  it('inverts every position of a flat range to the middle of the domain', () => {
    expect(linearScale([0, 10], [3, 3]).invert(3)).toBe(5);
  });
});
