import { exactAmount, isTokenDecimals } from './tokenAmount';

describe('exactAmount', () => {
  it('keeps every digit of an 18-decimal balance that a float would round', () => {
    const raw = 1_234_567_123_456_789_012_345_678n;
    expect(exactAmount(raw, 18)).toBe('1234567.123456789012345678');
    // What going through a number would have given instead.
    expect(String(Number(raw) / 1e18)).toBe('1234567.123456789');
  });

  it('converts 6-decimal and whole amounts without trailing zeros', () => {
    expect(exactAmount(2_500_500_000n, 6)).toBe('2500.5');
    expect(exactAmount(1n, 6)).toBe('0.000001');
    expect(exactAmount(100n * 10n ** 18n, 18)).toBe('100');
    expect(exactAmount(0n, 18)).toBe('0');
    expect(exactAmount(42n, 0)).toBe('42');
  });

  it('keeps the largest possible balance exact', () => {
    const max = 2n ** 256n - 1n;
    expect(exactAmount(max, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
  });

  it('refuses what is not a token amount', () => {
    expect(exactAmount(-1n, 18)).toBeNull();
    expect(exactAmount(5, 18)).toBeNull();
    expect(exactAmount('5', 18)).toBeNull();
    expect(exactAmount(5n, 256)).toBeNull();
    expect(exactAmount(5n, 1.5)).toBeNull();
    expect(exactAmount(5n, undefined)).toBeNull();
  });
});

describe('isTokenDecimals', () => {
  it('accepts the uint8 range only', () => {
    expect([0, 6, 18, 255].every(isTokenDecimals)).toBe(true);
    expect([-1, 256, 6.5, NaN, '18', 18n, null].some(isTokenDecimals)).toBe(false);
  });
});
