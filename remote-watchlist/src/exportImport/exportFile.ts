import { isLoadedCoin, type WishlistState } from '@token-portfolio/shared';
import { csvLine } from './csv';
import { exportedHoldings } from './decimalText';
import { CSV_COLUMNS, JSON_FILE_VERSION, type FileFormat, type FileToken } from './watchlistFile';

/**
 * The watched tokens in list order as a file lists them. A token without market data yet
 * has an empty symbol and name; holdings are plain decimals.
 */
export function exportedTokens({ ids, entities }: WishlistState): FileToken[] {
  return ids.map((id) => {
    const entity = entities[id] ?? null;
    const coin = isLoadedCoin(entity) ? entity : null;
    return {
      id,
      symbol: coin?.symbol ?? '',
      name: coin?.name ?? '',
      holdings: exportedHoldings(entity?.holdings ?? '0'),
    };
  });
}

/**
 * Text a spreadsheet could take for a formula gets a leading apostrophe, as OWASP's CSV
 * injection guidance says: names and symbols come from the market, and '=HYPERLINK(…)'
 * must stay text in whoever opens the file.
 */
export const spreadsheetSafe = (text: string): string =>
  /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;

export function watchlistCsv(tokens: readonly FileToken[]): string {
  const lines = tokens.map(({ id, symbol, name, holdings }) =>
    csvLine([id, spreadsheetSafe(symbol), spreadsheetSafe(name), holdings]),
  );
  return csvLine(CSV_COLUMNS) + lines.join('');
}

export function watchlistJson(tokens: readonly FileToken[]): string {
  return `${JSON.stringify({ version: JSON_FILE_VERSION, tokens }, null, 2)}\n`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'token-portfolio-watchlist-2026-11-27.csv', by the local date. */
export function exportFileName(format: FileFormat, date: Date): string {
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  return `token-portfolio-watchlist-${day}.${format}`;
}

const MEDIA_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
};

/** The file of the watchlist in this format, named by the date. */
export function watchlistFile(wishlist: WishlistState, format: FileFormat, now: Date): File {
  const tokens = exportedTokens(wishlist);
  const text = format === 'csv' ? watchlistCsv(tokens) : watchlistJson(tokens);
  return new File([text], exportFileName(format, now), { type: MEDIA_TYPES[format] });
}

/** Saves a file the way a download link does (the browser asks where, or saves it). */
export function downloadFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  // Not at once: a browser may still be reading it (FileSaver.js waits 40 s too).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
