// The watchlist file, export and import alike (docs/product.md#export-and-import):
// CSV with the header id,symbol,name,holdings, or JSON
// {"version": 1, "tokens": [{"id", "symbol", "name", "holdings"}, …]}.

/** One token of a file. Symbol and name are for people reading it: the id decides. */
export interface FileToken {
  id: string;
  symbol: string;
  name: string;
  /** A plain decimal ('1.5', '0.0000001'). */
  holdings: string;
}

export type FileFormat = 'csv' | 'json';

export const CSV_COLUMNS = ['id', 'symbol', 'name', 'holdings'] as const;
export const JSON_FILE_VERSION = 1;

/** The largest file import reads: a full watchlist of 1,000 tokens takes about 100 KB. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
