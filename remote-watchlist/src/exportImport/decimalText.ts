// Holdings in a watchlist file are plain decimals (docs/product.md#export-and-import): no
// exponent, no thousands separator, no decimal comma, so that no spreadsheet or locale can
// read them differently. The store keeps holdings as typed (docs/product.md#holdings-and-value),
// which may be '1e-7' from the number field: these turn either into the other exactly, as text.
import { amountHeld } from '@token-portfolio/shared';

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Past this an exponent is no holdings anyone has: written out it would be megabytes of zeros. */
const MAX_EXPONENT = 1000;

/** '1.5', '-2', '0.0000001': digits, at most one point with digits after it, an optional minus. */
export const isPlainDecimal = (text: string): boolean => PLAIN_DECIMAL.test(text);

/**
 * The shortest plain decimal a holdings text stands for ('1e-7' is '0.0000001', '.50' is
 * '0.5', an empty amount '0'), worked out on the digits so nothing is rounded; null when the
 * text is not a finite number.
 */
export function canonicalDecimal(holdings: string): string | null {
  const text = holdings.trim();
  if (text === '') return '0';
  const parts = NUMBER_TEXT.exec(text);
  if (!parts || amountHeld(text) === null) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = parts;
  if ((whole === '' && fraction === '') || Math.abs(Number(exponent)) > MAX_EXPONENT) return null;
  const point = whole.length + Number(exponent);
  const digits = `${'0'.repeat(Math.max(0, -point))}${whole}${fraction}`;
  const at = Math.max(0, point);
  const padded = digits.padEnd(at, '0');
  const integer = padded.slice(0, at).replace(/^0+/, '') || '0';
  const decimals = padded.slice(at).replace(/0+$/, '');
  const magnitude = decimals === '' ? integer : `${integer}.${decimals}`;
  return sign === '-' && magnitude !== '0' ? `-${magnitude}` : magnitude;
}

/**
 * Holdings as a file carries them: as typed when that is a plain decimal already, else the
 * plain decimal they stand for; text that is no number (its value is empty on screen) as '0'.
 */
export function exportedHoldings(holdings: string): string {
  const text = holdings.trim();
  return isPlainDecimal(text) ? text : (canonicalDecimal(text) ?? '0');
}

/** Whether two holdings texts are the same amount ('1.50' and '1.5' are). */
export const sameAmount = (a: string, b: string): boolean => {
  const first = canonicalDecimal(a);
  return first !== null && first === canonicalDecimal(b);
};
