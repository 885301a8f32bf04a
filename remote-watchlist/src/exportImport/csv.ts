// CSV as RFC 4180 writes it: fields separated by commas, records by line breaks; a field
// with a comma, a quote or a line break is quoted, a quote inside doubled. Written here
// rather than taken from a library because the import names the line of each record (where
// a quoted line break makes a record span lines) and words its own messages; csv-parse's
// browser build brings a Buffer shim several times this size.

/** A record and the line of the file it starts on (1 is the first). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A file that is not CSV: `line` is where the record with the fault starts. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

type Place = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

/**
 * The records of a CSV text, each with its line. Line breaks may be CRLF, LF or CR; empty
 * lines (or only spaces) are skipped. Throws CsvSyntaxError on a quote in an unquoted field,
 * text after a closing quote, or a quoted field never closed.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let place: Place = 'fieldStart';
  let quotedInRecord = false;
  let line = 1;
  let recordLine = 1;

  const endField = () => {
    fields.push(field);
    field = '';
    place = 'fieldStart';
  };
  const endRecord = () => {
    endField();
    if (quotedInRecord || fields.length > 1 || fields[0]?.trim() !== '') {
      records.push({ line: recordLine, fields });
    }
    fields = [];
    quotedInRecord = false;
  };

  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    // CRLF is one line break.
    const crlf = char === '\r' && text[index + 1] === '\n';
    if (crlf) index += 1;
    const lineBreak = crlf ? '\r\n' : char === '\n' || char === '\r' ? char : '';
    if (place === 'quoted') {
      if (char === '"') place = 'quoteInQuoted';
      else field += lineBreak || char;
      if (lineBreak) line += 1;
    } else if (char === '"' && place === 'fieldStart') {
      place = 'quoted';
      quotedInRecord = true;
    } else if (char === '"' && place === 'quoteInQuoted') {
      field += '"';
      place = 'quoted';
    } else if (char === '"') {
      throw new CsvSyntaxError(recordLine, 'a quote inside a field that does not start with one.');
    } else if (char === ',') {
      endField();
    } else if (lineBreak) {
      endRecord();
      line += 1;
      recordLine = line;
    } else if (place === 'quoteInQuoted') {
      throw new CsvSyntaxError(recordLine, 'text after the closing quote of a field.');
    } else {
      field += char;
      place = 'unquoted';
    }
  }
  if (place === 'quoted') throw new CsvSyntaxError(recordLine, 'a quoted field is not closed.');
  if (place !== 'fieldStart' || fields.length > 0) endRecord();
  return records;
}

/** A field as CSV writes it: quoted when it holds a comma, a semicolon, a quote or a line break. */
export function csvField(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A record as one CSV line, ended by CRLF (RFC 4180). */
export const csvLine = (fields: readonly string[]): string =>
  `${fields.map(csvField).join(',')}\r\n`;
