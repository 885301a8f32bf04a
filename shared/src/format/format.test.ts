import {
  formatAddress,
  formatCompact,
  formatHoldings,
  formatLastUpdated,
  formatPrice,
  formatDateTime,
  formatName,
  formatShortDate,
  formatSignedUsd,
  formatSignedPercent,
  formatTime12h,
  formatTokenLabel,
  formatUsd,
  isGainOrFlat,
} from './format';

describe('formatUsd', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1)).toBe('$1.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(4012.345)).toBe('$4,012.35');
    expect(formatUsd(0.004)).toBe('$0.00');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
  });

  it("shows '$0.00' when the amount is missing or not a number", () => {
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(undefined)).toBe('$0.00');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
    expect(formatUsd(Infinity)).toBe('$0.00');
  });

  it('shows a negative amount with a minus, but not one that rounds to zero', () => {
    expect(formatUsd(-1.5)).toBe('-$1.50');
    expect(formatUsd(-0.001)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
  });
});

describe('formatSignedPercent', () => {
  it('always shows the sign, with two decimals', () => {
    expect(formatSignedPercent(1.234)).toBe('+1.23%');
    expect(formatSignedPercent(-4.5)).toBe('-4.50%');
    expect(formatSignedPercent(12.345678)).toBe('+12.35%');
    expect(formatSignedPercent(-0.016)).toBe('-0.02%');
  });

  it("shows zero as '+0.00%', including negatives that round to zero", () => {
    expect(formatSignedPercent(0)).toBe('+0.00%');
    expect(formatSignedPercent(-0)).toBe('+0.00%');
    expect(formatSignedPercent(-0.004)).toBe('+0.00%');
    expect(formatSignedPercent(0.004)).toBe('+0.00%');
  });

  it("shows '+0.00%' when the change is missing or not a number", () => {
    expect(formatSignedPercent(null)).toBe('+0.00%');
    expect(formatSignedPercent(undefined)).toBe('+0.00%');
    expect(formatSignedPercent(Number.NaN)).toBe('+0.00%');
  });
});

describe('isGainOrFlat', () => {
  it('is true at 0 or more and false below, as printed', () => {
    expect(isGainOrFlat(2.345)).toBe(true);
    expect(isGainOrFlat(0)).toBe(true);
    expect(isGainOrFlat(-0.02)).toBe(false);
    expect(isGainOrFlat(-4.5)).toBe(false);
  });

  it("agrees with formatSignedPercent on values that round to '+0.00%'", () => {
    for (const value of [-0.004, -0.0049, -0, 0.004, null, undefined, Number.NaN]) {
      expect(formatSignedPercent(value)).toBe('+0.00%');
      expect(isGainOrFlat(value)).toBe(true);
    }
    expect(formatSignedPercent(-0.006)).toBe('-0.01%');
    expect(isGainOrFlat(-0.006)).toBe(false);
  });
});

describe('formatCompact', () => {
  it('uses 3 decimals under 1, 2 under 100 and 1 beyond', () => {
    expect(formatCompact(0)).toBe('0.000');
    expect(formatCompact(0.5)).toBe('0.500');
    expect(formatCompact(0.1234)).toBe('0.123');
    expect(formatCompact(1)).toBe('1.00');
    expect(formatCompact(12.345)).toBe('12.35');
    expect(formatCompact(99.5)).toBe('99.50');
    expect(formatCompact(100)).toBe('100.0');
    expect(formatCompact(999)).toBe('999.0');
  });

  it('uses the suffixes k, m, b and t', () => {
    expect(formatCompact(1000)).toBe('1.00k');
    expect(formatCompact(1234)).toBe('1.23k');
    expect(formatCompact(45_678)).toBe('45.68k');
    expect(formatCompact(123_456)).toBe('123.5k');
    expect(formatCompact(2_500_000)).toBe('2.50m');
    expect(formatCompact(987_654_321)).toBe('987.7m');
    expect(formatCompact(1_200_000_000)).toBe('1.20b');
    expect(formatCompact(1.5e12)).toBe('1.50t');
    expect(formatCompact(2.5e15)).toBe('2500.0t');
  });

  it('picks the decimals from the rounded number', () => {
    expect(formatCompact(0.9999)).toBe('1.00');
    expect(formatCompact(99.999)).toBe('100.0');
    expect(formatCompact(99_999)).toBe('100.0k');
  });

  it('moves to the next suffix when rounding reaches 1000', () => {
    expect(formatCompact(999.95)).toBe('1.00k');
    expect(formatCompact(999_950)).toBe('1.00m');
    expect(formatCompact(999_999_999)).toBe('1.00b');
  });

  it('keeps the sign of negative numbers, but not of one that rounds to zero', () => {
    expect(formatCompact(-0.5)).toBe('-0.500');
    expect(formatCompact(-1_234_567)).toBe('-1.23m');
    expect(formatCompact(-0.0004)).toBe('0.000');
  });

  it("shows '0' when the number is missing or not finite", () => {
    expect(formatCompact(null)).toBe('0');
    expect(formatCompact(undefined)).toBe('0');
    expect(formatCompact(Number.NaN)).toBe('0');
    expect(formatCompact(-Infinity)).toBe('0');
  });
});

describe('formatAddress', () => {
  it('shortens over 7 characters to the first 4, an ellipsis and the last 4', () => {
    expect(formatAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x12…5678');
    expect(formatAddress('abcdefgh')).toBe('abcd…efgh');
  });

  it('leaves 7 characters or fewer unchanged', () => {
    expect(formatAddress('abcdefg')).toBe('abcdefg');
    expect(formatAddress('abc')).toBe('abc');
    expect(formatAddress('')).toBe('');
  });
});

describe('formatName', () => {
  it('cuts names at 24 characters', () => {
    const long = 'Wrapped Liquid Staked Ether 2.0';
    const cut = formatName(long);
    expect(cut.startsWith('Wrapped Liquid Staked Et')).toBe(true);
    expect(cut).not.toContain('Ether');
    expect(cut.replace(/…$/, '')).toHaveLength(24);
  });

  it('leaves names of 24 characters or fewer unchanged', () => {
    expect(formatName('Ethereum')).toBe('Ethereum');
    expect(formatName('x'.repeat(24))).toBe('x'.repeat(24));
    expect(formatName('')).toBe('');
  });
});

describe('formatTokenLabel', () => {
  it("shows 'name (SYMBOL)' with the symbol trimmed and upper-cased", () => {
    expect(formatTokenLabel('Ethereum', 'eth')).toBe('Ethereum (ETH)');
    expect(formatTokenLabel('Solana', ' sol\n')).toBe('Solana (SOL)');
    expect(formatTokenLabel('BNB', 'BNB')).toBe('BNB (BNB)');
  });

  it('cuts the name at 24 characters, as formatName does', () => {
    const long = 'Wrapped Liquid Staked Ether 2.0';
    expect(formatTokenLabel(long, 'wsteth')).toBe(`${formatName(long)} (WSTETH)`);
  });
});

describe('formatTime12h', () => {
  // Built from local time parts, so the expectations hold in any time zone.
  it('shows a 12-hour time with seconds', () => {
    expect(formatTime12h(new Date(2025, 9, 15, 15, 4, 5))).toBe('3:04:05 PM');
    expect(formatTime12h(new Date(2025, 9, 15, 9, 30, 0))).toBe('9:30:00 AM');
    expect(formatTime12h(new Date(2025, 9, 15, 23, 59, 59))).toBe('11:59:59 PM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatTime12h(new Date(2025, 9, 15, 0, 0, 0))).toBe('12:00:00 AM');
    expect(formatTime12h(new Date(2025, 9, 15, 12, 0, 1))).toBe('12:00:01 PM');
  });
});

describe('formatSignedUsd', () => {
  it('signs a change in dollars, with two decimals and separators', () => {
    expect(formatSignedUsd(1234.5)).toBe('+$1,234.50');
    expect(formatSignedUsd(-12.345)).toBe('-$12.35');
    expect(formatSignedUsd(0)).toBe('+$0.00');
  });

  it("shows '+$0.00' for a loss that rounds to zero and for a missing amount", () => {
    expect(formatSignedUsd(-0.004)).toBe('+$0.00');
    expect(formatSignedUsd(null)).toBe('+$0.00');
    expect(formatSignedUsd(Number.NaN)).toBe('+$0.00');
    expect(formatSignedUsd(-Infinity)).toBe('+$0.00');
  });
});

describe('formatDateTime and formatShortDate', () => {
  // Local times, so the expectations hold in any time zone.
  it("show a chart's point as 'Oct 14, 3:00 PM' and a day as 'Oct 14'", () => {
    expect(formatDateTime(new Date(2025, 9, 14, 15, 0))).toMatch(/^Oct 14, 3:00\sPM$/);
    expect(formatDateTime(new Date(2025, 9, 8, 0, 30).getTime())).toMatch(/^Oct 8, 12:30\sAM$/);
    expect(formatShortDate(new Date(2025, 9, 14, 23, 59))).toBe('Oct 14');
  });
});

describe('formatHoldings', () => {
  it('groups the whole part in thousands and keeps every decimal', () => {
    expect(formatHoldings('10000')).toBe('10,000');
    expect(formatHoldings('1234567.5')).toBe('1,234,567.5');
    expect(formatHoldings('999')).toBe('999');
    expect(formatHoldings('0.05')).toBe('0.05');
    expect(formatHoldings('-12000.25')).toBe('-12,000.25');
  });

  it('shows an 18-decimal amount exactly (no float on the way)', () => {
    expect(formatHoldings('123456789012345678.123456789012345678')).toBe(
      '123,456,789,012,345,678.123456789012345678',
    );
  });

  it('shows anything that is not a plain decimal as it is', () => {
    expect(formatHoldings('1e-7')).toBe('1e-7');
    expect(formatHoldings('')).toBe('');
    expect(formatHoldings('abc')).toBe('abc');
  });
});

describe('formatPrice', () => {
  it('keeps four significant digits under $1, so cheap tokens stay readable', () => {
    expect(formatPrice(0.19876)).toBe('$0.1988');
    expect(formatPrice(0.00000712)).toBe('$0.000007120');
    expect(formatPrice(0.000012345)).toBe('$0.00001235'); // half away from zero
    expect(formatPrice(0.5)).toBe('$0.5000');
    expect(formatPrice(0.099996)).toBe('$0.1000');
  });

  it("keeps the spec's two decimals from $1 up, and for what rounds up to $1", () => {
    expect(formatPrice(1)).toBe('$1.00');
    expect(formatPrice(3987.123)).toBe('$3,987.12');
    expect(formatPrice(0.99996)).toBe('$1.00');
  });

  it("shows '$0.00' for a missing, zero or non-finite price", () => {
    expect(formatPrice(null)).toBe('$0.00');
    expect(formatPrice(undefined)).toBe('$0.00');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(Number.NaN)).toBe('$0.00');
  });

  it('keeps the sign of a negative price the market should never send', () => {
    expect(formatPrice(-0.0123456)).toBe('-$0.01235');
  });
});

describe('formatLastUpdated', () => {
  const now = new Date(2026, 2, 3, 18, 0, 0);
  it("is the spec's time alone for prices of today", () => {
    expect(formatLastUpdated(new Date(2026, 2, 3, 9, 5, 7), now)).toBe('9:05:07 AM');
  });

  it('carries the date when the prices are older than today', () => {
    expect(formatLastUpdated(new Date(2026, 2, 2, 23, 59, 59), now)).toBe('Mar 2, 11:59:59 PM');
  });

  it('carries the year when it is not this one', () => {
    expect(formatLastUpdated(new Date(2025, 9, 15, 12, 0, 0), now)).toBe(
      'Oct 15, 2025, 12:00:00 PM',
    );
  });
});

describe('the page start-up (bench: time to portfolio visible)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('formats without Intl, so no locale data is loaded for the first render', () => {
    const intl = [
      jest.spyOn(Intl, 'NumberFormat'),
      jest.spyOn(Intl, 'DateTimeFormat'),
      jest.spyOn(Number.prototype, 'toLocaleString'),
      jest.spyOn(Date.prototype, 'toLocaleString'),
      jest.spyOn(Date.prototype, 'toLocaleDateString'),
      jest.spyOn(Date.prototype, 'toLocaleTimeString'),
    ];
    const at = new Date('2025-10-15T12:34:56Z');
    [
      formatUsd(1234.5),
      formatPrice(0.000123),
      formatSignedUsd(-12.3),
      formatSignedPercent(2.345),
      formatCompact(1_234_567),
      formatHoldings('10000.5'),
      formatTime12h(at),
      formatLastUpdated(at, at),
      formatDateTime(at),
      formatShortDate(at),
    ].forEach((text) => expect(text).not.toBe(''));
    for (const spy of intl) expect(spy).not.toHaveBeenCalled();
  });
});
