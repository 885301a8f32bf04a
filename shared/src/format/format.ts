// Every number and text the screen shows is formatted here, once.

// Dollars and dates are written here rather than by Intl: the page's first Intl object
// loads the locale's ICU data, 17 ms of script start-up (70 ms at the benchmark's CPU 4x)
// before the first render, for four fixed en-US patterns (docs/decisions/0022). Speed:
// protects 'Time to portfolio visible, federated, cold, HTTP/2'; format.test.ts checks that
// no formatter touches Intl, and format.intl.property.test.ts that they match it.

/**
 * `abs` (finite, not negative) in units of 10^-places, as Intl rounds: from the shortest
 * decimal that reads back as the number (what `String` writes), half away from zero.
 * 1.005 is 101 cents there, where `toFixed`, which rounds the binary value, gives '1.00'.
 */
function scaledOf(abs: number, places: number): bigint {
  const [mantissa = '0', exponent = '0'] = String(abs).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  // Where the point falls in `digits`, then `places` on: the kept digits end there.
  const end = whole.length + Number(exponent) + places;
  if (end <= 0) return 0n; // too small for the last place
  const kept = end >= digits.length ? digits.padEnd(end, '0') : digits.slice(0, end);
  return BigInt(kept) + ((digits[end] ?? '0') >= '5' ? 1n : 0n);
}

const centsOf = (abs: number): bigint => scaledOf(abs, 2);

/** Digits grouped in thousands: '1234567' is '1,234,567'. */
function groupedThousands(digits: string): string {
  // Cut from the right in threes: linear in the length, whatever a saved state holds.
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(',');
}

/** A finite amount, unsigned: '$1,234.50'. */
function unsignedUsd(abs: number): string {
  const cents = centsOf(abs).toString().padStart(3, '0');
  return `$${groupedThousands(cents.slice(0, -2))}.${cents.slice(-2)}`;
}

/** The amount as printed, unsigned, and whether it is negative (false when it rounds to zero). */
function printedUsd(value: number | null | undefined) {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const unsigned = unsignedUsd(Math.abs(n));
  return { negative: n < 0 && unsigned !== '$0.00', unsigned };
}

/** '$1,234.50'; '$0.00' when missing or not finite; a negative that rounds to zero is '$0.00'. */
export function formatUsd(value: number | null | undefined): string {
  const { negative, unsigned } = printedUsd(value);
  return negative ? `-${unsigned}` : unsigned;
}

/** Significant digits a price under $1 keeps (CoinGecko's practice, beyond the spec's two decimals). */
const PRICE_SIGNIFICANT_DIGITS = 4;

/**
 * A unit price for the Price column: the spec's '$1,234.50' from $1 up, and four significant
 * digits below it, so a cheap token's price stays readable: '$0.1988', '$0.000007120'
 * (the spec's two decimals would say '$0.20' and '$0.00'; we go beyond it on purpose, docs/product.md).
 * Values and totals keep formatUsd.
 */
export function formatPrice(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return formatUsd(value);
  const abs = Math.abs(value);
  if (abs >= 1) return formatUsd(value);
  // The places that leave four significant digits; one fewer when rounding adds a digit
  // (0.099996 is '0.1000', not '0.10000').
  let places = PRICE_SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(abs));
  let scaled = scaledOf(abs, places);
  if (scaled.toString().length > PRICE_SIGNIFICANT_DIGITS) {
    places -= 1;
    scaled = scaledOf(abs, places);
  }
  // Rounded up to a dollar: the spec's format of $1 and above.
  if (scaled >= 10n ** BigInt(places)) return formatUsd(value);
  const sign = value < 0 ? '-' : '';
  return `${sign}$0.${scaled.toString().padStart(places, '0')}`;
}

/** '+$12.34', '-$5.00', '+$0.00': a change in dollars, signed like formatSignedPercent. */
export function formatSignedUsd(value: number | null | undefined): string {
  const { negative, unsigned } = printedUsd(value);
  return `${negative ? '-' : '+'}${unsigned}`;
}

/** The percent as printed: its sign (false when it rounds to zero) and two decimals. */
function printedPercent(value: number | null | undefined) {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const fixed = Math.abs(n).toFixed(2);
  return { negative: n < 0 && fixed !== '0.00', fixed };
}

/** '+1.23%', '-4.50%', '+0.00%'; '0.00%' would hide the sign rule, so zero is '+'. */
export function formatSignedPercent(value: number | null | undefined): string {
  const { negative, fixed } = printedPercent(value);
  return `${negative ? '-' : '+'}${fixed}%`;
}

/**
 * Green (gain or flat) or red: follows the printed value, so -0.004 ('+0.00%') is flat,
 * and a missing change ('+0.00%') too.
 */
export function isGainOrFlat(value: number | null | undefined): boolean {
  return !printedPercent(value).negative;
}

const SUFFIXES = [
  { size: 1e3, suffix: 'k' },
  { size: 1e6, suffix: 'm' },
  { size: 1e9, suffix: 'b' },
  { size: 1e12, suffix: 't' },
] as const;

const decimalsFor = (abs: number) => (abs < 1 ? 3 : abs < 100 ? 2 : 1);

/** The scaled number with the decimals its rounded size calls for: 0.9999 is '1.00', not '1.000'. */
function fixed(scaled: number): string {
  const decimals = decimalsFor(Math.abs(scaled));
  const text = scaled.toFixed(decimals);
  const again = decimalsFor(Math.abs(Number(text)));
  return again === decimals ? text : scaled.toFixed(again);
}

/** Compact number: k/m/b/t suffixes; 3 decimals under 1, 2 under 100, 1 beyond. */
export function formatCompact(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  const index = SUFFIXES.findLastIndex(({ size }) => abs >= size);
  let unit = SUFFIXES[index];
  let text = fixed(unit ? value / unit.size : value);
  // Rounding up to 1000 moves to the next suffix: 999,950 is '1.00m', not '1000.0k'.
  const next = SUFFIXES[index + 1];
  if (Math.abs(Number(text)) >= 1000 && next) {
    unit = next;
    text = fixed(value / next.size);
  }
  // A negative number that rounds to zero shows no sign.
  if (Number(text) === 0) text = text.replace(/^-/, '');
  return `${text}${unit?.suffix ?? ''}`;
}

/**
 * Holdings as typed or found in a wallet ('10000', '0.123456789012345678'), with the
 * digits of the whole part grouped in thousands: '10,000'. The decimal string is
 * grouped as text, never through a float, so an 18-decimal amount stays exact. Anything
 * that is not a plain decimal (a saved '1e-7') is shown as it is.
 */
export function formatHoldings(holdings: string): string {
  const parts = /^([+-]?)(\d+)(\.\d*)?$/.exec(holdings.trim());
  if (!parts) return holdings;
  const [, sign = '', whole = '', fraction = ''] = parts;
  return `${sign}${groupedThousands(whole)}${fraction}`;
}

/** Over 7 characters: first 4, an ellipsis, last 4. */
export function formatAddress(address: string): string {
  return address.length > 7 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

/** Names cut at 24 characters. */
export function formatName(name: string): string {
  return name.length > 24 ? `${name.slice(0, 24)}…` : name;
}

/** A ticker as every widget shows it: 'ETH'. */
export function formatSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** 'Ethereum (ETH)': how every widget names a token; the name cut at 24 characters. */
export function formatTokenLabel(name: string, symbol: string): string {
  return `${formatName(name.trim())} (${formatSymbol(symbol)})`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The date, or the RangeError Intl throws for an invalid one, rather than 'NaN:NaN'. */
function validDate(date: Date | number): Date {
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  return at;
}

/** '3:04' or, with seconds, '3:04:05', then ' PM' (local time). */
function clock(date: Date, withSeconds: boolean): string {
  const hours = date.getHours();
  const seconds = withSeconds ? `:${twoDigits(date.getSeconds())}` : '';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${twoDigits(date.getMinutes())}${seconds} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 12-hour time with seconds: '3:04:05 PM'. */
export function formatTime12h(date: Date): string {
  return clock(validDate(date), true);
}

/**
 * The summary's 'Last updated' time: the spec's 12-hour time with seconds for prices of today,
 * and their day too when they are older ('Oct 15, 12:00:00 PM'; the year as well when it
 * is not this one), so old prices never pass as current (beyond the spec, docs/product.md).
 */
export function formatLastUpdated(date: Date | number, now: Date | number = Date.now()): string {
  const at = validDate(date);
  const today = new Date(now);
  const time = formatTime12h(at);
  if (at.toDateString() === today.toDateString()) return time;
  const year = at.getFullYear() === today.getFullYear() ? '' : `, ${at.getFullYear()}`;
  return `${formatShortDate(at)}${year}, ${time}`;
}

/** A point of a chart in time: 'Oct 14, 3:00 PM' (local time). */
export function formatDateTime(date: Date | number): string {
  const at = validDate(date);
  return `${formatShortDate(at)}, ${clock(at, false)}`;
}

/** A day: 'Oct 14' (local time). */
export function formatShortDate(date: Date | number): string {
  const at = validDate(date);
  return `${MONTHS[at.getMonth()] ?? ''} ${at.getDate()}`;
}
