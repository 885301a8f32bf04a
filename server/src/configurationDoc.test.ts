// docs/configuration.md is the operators' contract: its tables are checked against the server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, readServerConfig } from './config';

const doc = readFileSync(path.join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
/** Each table row naming one variable: its default and meaning cells. */
const rows = [...doc.matchAll(/^\| `([A-Z_]+)` +\| (.*?) +\| (.*?) +\|$/gm)].map(
  ([, name = '', fallback = '', meaning = '']) => ({ name, fallback, meaning }),
);
/** A whole number's allowed range, in brackets after its meaning: "(1–3600)". */
const ranged = rows.flatMap(({ name, fallback, meaning }) => {
  const range = /\((\d+)–(\d+)\)$/.exec(meaning);
  return range ? [{ name, fallback, min: Number(range[1]), max: Number(range[2]) }] : [];
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    readServerConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
/** The configuration, leaving out the secret generated for each run. */
const configOf = (env: Record<string, string>) => ({ ...readServerConfig(env), authSecret: '' });

test('every variable the server reads is documented', () => {
  const read = new Set<string>();
  const env = new Proxy<Record<string, string | undefined>>(
    {},
    { get: (_, name) => void (typeof name === 'string' && read.add(name)) },
  );
  readServerConfig(env);
  expect(read.size).toBeGreaterThan(30);
  expect([...read].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  expect(rows.length).toBeGreaterThan(20);
});

test.each(ranged)('$name takes whole numbers from $min to $max, as documented', (row) => {
  const { name, min, max } = row;
  // Timeouts that let either reach its bounds (headers may not outlast the whole request).
  const others = { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3600' };
  for (const text of [String(min), String(max)]) {
    expect(problemsOf({ ...others, [name]: text })).toEqual([]);
  }
  for (const text of [String(min - 1), String(max + 1)]) {
    expect(problemsOf({ ...others, [name]: text })).toEqual([
      `${name} must be a whole number from ${min} to ${max}, not '${text}'.`,
    ]);
  }
});

// A default written as one value (`60`): setting it changes nothing; a number one more does.
// ADD_TOKEN_SEARCH_DELAY_MS is left out: unset, the widget keeps its own 600 ms (config.test.ts).
const defaults = rows.flatMap(({ name, fallback }) => {
  const value = /^`([^`]+)`( \(.*\))?$/.exec(fallback)?.[1];
  return value && name !== 'ADD_TOKEN_SEARCH_DELAY_MS' ? [{ name, value }] : [];
});

test.each(defaults)('$name defaults to $value, as documented', ({ name, value }) => {
  expect(configOf({ [name]: value })).toEqual(configOf({}));
  if (ranged.some((row) => row.name === name)) {
    expect(configOf({ [name]: String(Number(value) + 1) })).not.toEqual(configOf({}));
  }
});
