import { computeValue } from './value';

describe('computeValue', () => {
  it('multiplies holdings by price', () => {
    expect(computeValue('2.5', 100)).toBe(250);
  });
  it('counts an empty amount as 0', () => {
    expect(computeValue('', 100)).toBe(0);
    expect(computeValue('  ', 100)).toBe(0);
  });
  it('is null without a price or with an amount that is not a number', () => {
    expect(computeValue('1', null)).toBeNull();
    expect(computeValue('1', undefined)).toBeNull();
    expect(computeValue('abc', 10)).toBeNull();
  });
});
