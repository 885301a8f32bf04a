// The door for an imported watchlist file (docs/product.md#export-and-import): every line
// is checked, and one bad line refuses the whole file, naming each bad line.
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { isCoinId } from '@token-portfolio/shared';
import { CsvSyntaxError, parseCsv, type CsvRecord } from './csv';
import { isPlainDecimal } from './decimalText';
import { CSV_COLUMNS, JSON_FILE_VERSION, type FileToken } from './watchlistFile';

/** A token of the file and the line it is on. */
export interface LineToken extends FileToken {
  line: number;
}

export type ReadFile = { ok: true; tokens: LineToken[] } | { ok: false; problems: string[] };

/** A value of the file as a message quotes it: cut short, so a long line stays readable. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;
}

const NOT_A_TOKEN = 'each token must be an object with id, symbol, name and holdings.';

/** A problem of a token, and the field it is in (none: the token as a whole). */
interface Problem {
  key: 'id' | 'holdings' | null;
  message: string;
}

/** A token, or its problems; its id when that is good (another line may repeat it). */
type Checked = { id: string | null } & ({ token: FileToken } | { problems: Problem[] });

/**
 * One token, from a CSV line's fields by column or from a JSON object. Checked by hand,
 * not by a valibot schema: valibot stays in the shared core's doors (docs/decisions/0032),
 * and four fields need no second copy of it in this widget.
 */
function checkToken(raw: unknown): Checked {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { id: null, problems: [{ key: null, message: NOT_A_TOKEN }] };
  }
  const field = (key: string): unknown =>
    Object.hasOwn(raw, key) ? (raw as Record<string, unknown>)[key] : undefined;
  const problems: Problem[] = [];

  const idField = field('id');
  const id = typeof idField === 'string' ? idField.trim() : null;
  if (idField === undefined || id === '') {
    problems.push({ key: 'id', message: 'the id is missing.' });
  } else if (id === null) {
    problems.push({ key: 'id', message: 'the id must be text in quotes.' });
  } else if (!isCoinId(id)) {
    problems.push({
      key: 'id',
      message: `id ${quoted(id)} is not a token id (lowercase letters, digits, '-', '_' and '.').`,
    });
  }

  const holdingsField = field('holdings');
  // An empty amount counts as 0 (docs/product.md#holdings-editing).
  const holdings = typeof holdingsField === 'string' ? holdingsField.trim() || '0' : null;
  if (holdingsField === undefined) {
    problems.push({ key: 'holdings', message: 'the holdings are missing.' });
  } else if (holdings === null) {
    problems.push({ key: 'holdings', message: 'holdings must be text in quotes, like "1.5".' });
  } else if (!isPlainDecimal(holdings)) {
    problems.push({
      key: 'holdings',
      message: `holdings ${quoted(holdings)} is not a plain decimal number, like 1.5 or 0.0000001.`,
    });
  }

  const goodId = problems.some(({ key }) => key === 'id') ? null : id;
  if (problems.length > 0 || id === null || holdings === null) return { id: goodId, problems };
  // Read for the preview only: the id decides.
  const text = (key: string) => {
    const value = field(key);
    return typeof value === 'string' ? value : '';
  };
  return { id, token: { id, symbol: text('symbol'), name: text('name'), holdings } };
}

/** A token as read, where it is, and where each of its fields is. */
interface ReadToken {
  line: number;
  lineOf: (key: Problem['key']) => number;
  checked: Checked;
}

/** The tokens, or every problem: each line's, and ids listed twice. */
function tokensOrProblems(read: readonly ReadToken[]): ReadFile {
  const problems: { line: number; message: string }[] = [];
  const tokens: LineToken[] = [];
  const lineOfId = new Map<string, number>();
  for (const { line, lineOf, checked } of read) {
    const first = checked.id === null ? undefined : lineOfId.get(checked.id);
    if (first !== undefined) {
      problems.push({ line, message: `${checked.id} is already on line ${first}.` });
    } else if (checked.id !== null) {
      lineOfId.set(checked.id, line);
    }
    if ('problems' in checked) {
      for (const { key, message } of checked.problems)
        problems.push({ line: lineOf(key), message });
    } else if (first === undefined) {
      tokens.push({ ...checked.token, line });
    }
  }
  if (problems.length === 0) return { ok: true, tokens };
  return {
    ok: false,
    problems: problems
      .sort((a, b) => a.line - b.line)
      .map(({ line, message }) => `Line ${line}: ${message}`),
  };
}

const fieldsCount = (count: number) => `${count} ${count === 1 ? 'field' : 'fields'}`;

function readCsv(text: string): ReadFile {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { ok: false, problems: [`Line ${error.line}: ${error.message}`] };
  }
  const [header, ...rows] = records;
  const columns = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  if (!header || !columns.includes('id') || !columns.includes('holdings')) {
    return {
      ok: false,
      problems: [
        `Line ${header?.line ?? 1}: the first line must name the columns, like ${CSV_COLUMNS.join(',')}.`,
      ],
    };
  }
  return tokensOrProblems(
    rows.map(({ line, fields }) => ({
      line,
      lineOf: () => line,
      checked:
        fields.length === columns.length
          ? checkToken(Object.fromEntries(columns.map((column, index) => [column, fields[index]])))
          : {
              id: null,
              problems: [
                {
                  key: null,
                  message: `${fieldsCount(fields.length)} where the first line names ${columns.length}.`,
                },
              ],
            },
    })),
  );
}

/** The line (1 is the first) of an offset in the text, found by halves among the line breaks. */
function lineFinder(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    breaks.push(index);
  }
  return (offset) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((breaks[middle] ?? Infinity) < offset) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };
}

/** The value node of an object node's property; the last one, as JSON.parse keeps. */
function propertyValue(object: Node | undefined, key: string): Node | undefined {
  const properties = object?.type === 'object' ? (object.children ?? []) : [];
  return properties.findLast((property) => property.children?.[0]?.value === key)?.children?.[1];
}

const JSON_FRAME = `a watchlist file in JSON is an object with "version": ${JSON_FILE_VERSION} and a list of "tokens".`;

function readJson(text: string): ReadFile {
  const lineAt = lineFinder(text);
  const errors: ParseError[] = [];
  // The tree says where each value is; JSON.parse gives the values (own keys only, where
  // the tree's values would take a "__proto__" key for the prototype).
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The tree's error says where; JSON.parse's message depends on the browser.
  }
  if (errors.length > 0 || !root || value === undefined) {
    return {
      ok: false,
      problems: [`Line ${lineAt(errors[0]?.offset ?? 0)}: this is not valid JSON.`],
    };
  }
  const lineOf = (node: Node | undefined) => lineAt(node?.offset ?? root.offset);
  const frame = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const version: unknown = Object.hasOwn(frame, 'version')
    ? Reflect.get(frame, 'version')
    : undefined;
  const tokens: unknown = Object.hasOwn(frame, 'tokens') ? Reflect.get(frame, 'tokens') : undefined;
  if (version === undefined || !Array.isArray(tokens)) {
    return { ok: false, problems: [`Line ${lineOf(root)}: ${JSON_FRAME}`] };
  }
  if (version !== JSON_FILE_VERSION) {
    return {
      ok: false,
      problems: [
        `Line ${lineOf(propertyValue(root, 'version'))}: version ${quoted(version)} is not one this app reads (it reads ${JSON_FILE_VERSION}).`,
      ],
    };
  }
  const tokenNodes = propertyValue(root, 'tokens')?.children ?? [];
  return tokensOrProblems(
    tokens.map((raw: unknown, index) => {
      const node = tokenNodes[index];
      return {
        line: lineOf(node),
        lineOf: (key) => lineOf((key && propertyValue(node, key)) ?? node),
        checked: checkToken(raw),
      };
    }),
  );
}

/**
 * The tokens of a watchlist file's text, or why it cannot be imported. JSON when it starts
 * with '{' or '[', else CSV; a byte order mark is skipped.
 */
export function readWatchlistFile(fileText: string): ReadFile {
  const text = fileText.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, problems: ['The file is empty.'] };
  return /^\s*[[{]/.test(text) ? readJson(text) : readCsv(text);
}
