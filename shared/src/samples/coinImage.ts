import type { CoinRow } from './coinRow';

/** A small round badge with the symbol's first letter: sample and fixture images need no network. */
export function coinImageSvg({ symbol, color }: Pick<CoinRow, 'symbol' | 'color'>): string {
  const letter = (symbol[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/g, '?');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="700" ` +
    `text-anchor="middle" fill="#fff">${letter}</text></svg>`
  );
}

/** The same badge as a data: URL, for records that must show an image before any fetch. */
export const coinImageDataUrl = (row: Pick<CoinRow, 'symbol' | 'color'>) =>
  `data:image/svg+xml,${encodeURIComponent(coinImageSvg(row))}`;
