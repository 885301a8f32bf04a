import fc from 'fast-check';
import {
  formatDateTime,
  formatShortDate,
  formatSignedUsd,
  formatTime12h,
  formatUsd,
} from './format';

// format.ts writes dollars and dates itself to keep ICU off the page's start-up; Intl,
// which it replaces, is the reference they must match on any input.

const intlUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
// ICU writes a narrow no-break space before AM/PM in some versions, a space in others.
const spaced = (text: string) => text.replace(/\u202f/g, ' ');
const intlTime = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const intlDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const intlShortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Amounts of every size, with many exactly at half a cent, where rounding differs. */
const amount = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1e9, max: 1e9 }).map((halfCents) => halfCents / 200),
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000),
  fc.constantFrom(1.005, 2.675, 1.045, 0.005, -0.005, 1e21, 1.5e25, Number.MAX_VALUE, 5e-324),
);
const date = fc.date({ min: new Date(1971, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true });

describe('format.ts against Intl', () => {
  it('formatUsd writes every amount as Intl does', () => {
    fc.assert(
      fc.property(amount, (value) => {
        expect(formatUsd(value)).toBe(intlUsd.format(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('formatSignedUsd is the same amount, signed', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const unsigned = intlUsd.format(Math.abs(value));
        const negative = value < 0 && unsigned !== '$0.00';
        expect(formatSignedUsd(value)).toBe(`${negative ? '-' : '+'}${unsigned}`);
      }),
      { numRuns: 5_000 },
    );
  });

  it('formatTime12h, formatDateTime and formatShortDate write local time as Intl does', () => {
    fc.assert(
      fc.property(date, (at) => {
        expect(formatTime12h(at)).toBe(spaced(intlTime.format(at)));
        expect(formatDateTime(at)).toBe(spaced(intlDateTime.format(at)));
        expect(formatDateTime(at.getTime())).toBe(spaced(intlDateTime.format(at)));
        expect(formatShortDate(at)).toBe(intlShortDate.format(at));
      }),
      { numRuns: 2_000 },
    );
  });

  it('an invalid date throws the RangeError Intl throws', () => {
    const invalid = new Date(Number.NaN);
    expect(() => intlShortDate.format(invalid)).toThrow(RangeError);
    expect(() => formatTime12h(invalid)).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
    expect(() => formatShortDate(invalid)).toThrow(RangeError);
  });
});
