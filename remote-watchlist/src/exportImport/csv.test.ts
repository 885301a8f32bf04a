import fc from 'fast-check';
import { CsvSyntaxError, csvField, csvLine, parseCsv } from './csv';

const fieldsOf = (text: string) => parseCsv(text).map(({ fields }) => fields);

function faultOf(text: string): unknown {
  try {
    parseCsv(text);
  } catch (error) {
    return error;
  }
  return null;
}

describe('parseCsv (RFC 4180)', () => {
  it('reads records by line, with the line each starts on', () => {
    expect(parseCsv('id,holdings\r\nethereum,1\r\nsolana,20\r\n')).toEqual([
      { line: 1, fields: ['id', 'holdings'] },
      { line: 2, fields: ['ethereum', '1'] },
      { line: 3, fields: ['solana', '20'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and counts those lines', () => {
    const text = 'a,"b, ""c""",d\n"two\r\nlines",x,""\nlast,,';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b, "c"', 'd'] },
      { line: 2, fields: ['two\r\nlines', 'x', ''] },
      { line: 4, fields: ['last', '', ''] },
    ]);
  });

  it('takes LF, CRLF and CR line breaks, and skips empty lines', () => {
    expect(fieldsOf('a\n\nb\r\rc\r\n  \r\nd')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(parseCsv('a\n\nb')[1]?.line).toBe(3);
  });

  it('keeps a line of one quoted empty field', () => {
    expect(fieldsOf('""\n')).toEqual([['']]);
  });

  it.each([
    ['a,b"c\n', 1, 'a quote inside a field that does not start with one.'],
    ['ok\n"a"b,c\n', 2, 'text after the closing quote of a field.'],
    ['ok\nok\n"never closed,\nx\n', 3, 'a quoted field is not closed.'],
  ])('names the line of a fault in %p', (text, line, message) => {
    expect(faultOf(text)).toBeInstanceOf(CsvSyntaxError);
    expect(faultOf(text)).toMatchObject({ line, message });
  });
});

describe('writing CSV', () => {
  it('quotes only what needs it, with CRLF after each record', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    // A semicolon separates fields in some spreadsheets' locales.
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('reads back what it writes, whatever the text', () => {
    const record = fc.array(fc.string({ unit: 'grapheme-composite' }), { minLength: 2 });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1 }), (records) => {
        const text = records.map(csvLine).join('');
        expect(fieldsOf(text)).toEqual(records);
      }),
    );
  });
});
