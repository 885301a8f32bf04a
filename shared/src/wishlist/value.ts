/**
 * The value rule (docs/product.md#validation-rules), in one place: holdings times price; an empty
 * amount counts as 0; null when there is no price or the amount is not a number.
 */
export function computeValue(holdings: string, price: number | null | undefined): number | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null;
  const amount = amountHeld(holdings);
  return amount === null ? null : amount * price;
}

/** The amount a holdings text stands for: empty is 0; null when it is not a finite number. */
export function amountHeld(holdings: string): number | null {
  const text = holdings.trim();
  const amount = text === '' ? 0 : Number(text);
  return Number.isFinite(amount) ? amount : null;
}
