import fc from 'fast-check';
import { canonicalDecimal, exportedHoldings, isPlainDecimal, sameAmount } from './decimalText';

describe('plain decimals', () => {
  it.each(['1.5', '0.0000001', '-2', '10000', '0.123456789012345678', '007'])('takes %s', (text) =>
    expect(isPlainDecimal(text)).toBe(true),
  );

  it.each(['1E-7', '1e-7', '1,5', '1.', '.5', '+1', ' 1', '1 000', '0x10', 'Infinity', '', '-'])(
    'refuses %p',
    (text) => expect(isPlainDecimal(text)).toBe(false),
  );
});

describe('canonicalDecimal', () => {
  it.each([
    ['1e-7', '0.0000001'],
    ['1.5E+3', '1500'],
    ['123.45e2', '12345'],
    ['-2.50e-1', '-0.25'],
    ['.50', '0.5'],
    ['5.', '5'],
    ['+7', '7'],
    ['007.100', '7.1'],
    ['-0.0', '0'],
    ['', '0'],
    ['  3  ', '3'],
    ['1234567.123456789012345678', '1234567.123456789012345678'],
  ])('writes %p as %p, digit for digit', (text, plain) => {
    expect(canonicalDecimal(text)).toBe(plain);
  });

  it.each(['abc', '1e400', 'Infinity', '0x10', '.', 'e5', '1e-5000', '1,5'])(
    'gives null for %p, which is no finite number',
    (text) => expect(canonicalDecimal(text)).toBeNull(),
  );

  it('means the same number as the text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (amount) => {
        const plain = canonicalDecimal(String(amount));
        expect(plain).not.toBeNull();
        expect(isPlainDecimal(plain ?? '')).toBe(true);
        expect(Number(plain)).toBe(amount === 0 ? 0 : amount);
      }),
    );
  });
});

describe('exportedHoldings', () => {
  it('keeps a plain decimal as typed, and writes out anything else the store may hold', () => {
    expect(exportedHoldings('1.50')).toBe('1.50');
    expect(exportedHoldings('1e-7')).toBe('0.0000001');
    expect(exportedHoldings('')).toBe('0');
    // Text that is no number has no value on screen: the file says 0.
    expect(exportedHoldings('abc')).toBe('0');
  });
});

describe('sameAmount', () => {
  it('compares amounts, not how they are written', () => {
    expect(sameAmount('1.50', '1.5')).toBe(true);
    expect(sameAmount('1e-7', '0.0000001')).toBe(true);
    expect(sameAmount('', '0')).toBe(true);
    expect(sameAmount('0.1234567890123456789', '0.1234567890123456788')).toBe(false);
    expect(sameAmount('abc', 'abc')).toBe(false);
  });
});
