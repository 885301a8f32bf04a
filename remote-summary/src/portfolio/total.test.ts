import { countsTowardsTotal, shareOfTotal } from './total';

describe('countsTowardsTotal', () => {
  it('keeps only finite values above zero', () => {
    expect([5, 0, -1, null, Number.NaN, Infinity].filter(countsTowardsTotal)).toEqual([5]);
  });
});

describe('shareOfTotal', () => {
  it('is the percentage of the total, rounded to one decimal', () => {
    expect([shareOfTotal(1, 3), shareOfTotal(2, 3), shareOfTotal(3, 3)]).toEqual([33.3, 66.7, 100]);
  });
});
