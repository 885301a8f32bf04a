// What a page may set on a widget, defined once (docs/architecture.md, "A widget on someone
// else's page"). widget-types' WidgetOptions is the public contract; each entry below says
// how the option is written as an attribute of the custom element, what a valid value is,
// and whether it holds per page or per widget. The element's attributes, mount()'s options,
// the component's props and our own pages' settings (the host's slots, a standalone page)
// all pass one of the two doors below. A bad value never throws: a console warning names
// the attribute or option, and the widget goes on with the default.
//
// Imports only valibot, the defaults and the public types: mount() (elementMount.ts) bundles it
// alone, and WidgetRoot loads it only for a widget given options.
import * as v from 'valibot';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { WIDGET_DEFAULTS } from './defaults';

export { WIDGET_DEFAULTS };

export type OptionName = keyof WidgetOptions;
export type OptionValue<Name extends OptionName> = Exclude<WidgetOptions[Name], undefined>;

/** How an attribute's text becomes a value for the option's schema. */
const FROM_TEXT = {
  text: v.string(),
  number: v.pipe(v.string(), v.toNumber()),
  json: v.pipe(v.string(), v.parseJson()),
};

/** One value and its attribute: a whole option, or one field of an object option. */
interface Field<Value> {
  attribute: string;
  /** The attribute's text read as is, as a number or as JSON. */
  text: keyof typeof FROM_TEXT;
  schema: v.GenericSchema<unknown, Value>;
  /** What a warning says a valid value is. */
  expected: string;
}

/**
 * 'page': the page has one store, so one value: the first choice wins, and a widget asking
 * for another is told so. 'widget': each widget on the page has its own.
 */
export type OptionScope = 'page' | 'widget';

type Definition<Value> = { scope: OptionScope; default?: Value } & (
  | Field<Value>
  /** An object option whose fields are attributes of their own. */
  | { fields: { [Key in keyof Value]-?: Field<Exclude<Value[Key], undefined>> } }
);

export const WIDGET_OPTIONS = {
  market: {
    scope: 'page',
    fields: {
      baseUrl: {
        attribute: 'market-api-url',
        text: 'text',
        schema: v.pipe(v.string(), v.nonEmpty()),
        expected: 'the URL of a market API',
      },
      apiKey: {
        attribute: 'market-api-key',
        text: 'text',
        schema: v.nullable(v.string()),
        expected: 'a CoinGecko key',
      },
      plan: {
        attribute: 'market-api-plan',
        text: 'text',
        schema: v.picklist(['demo', 'pro']),
        expected: "'demo' or 'pro'",
      },
    },
  },
  colorScheme: {
    scope: 'widget',
    attribute: 'color-scheme',
    text: 'text',
    schema: v.picklist(['dark', 'light']),
    expected: "'light' or 'dark'",
  },
  theme: {
    scope: 'widget',
    attribute: 'theme',
    text: 'json',
    // Unknown colour names are left out where the colours are applied (themeVariables).
    schema: v.record(v.string(), v.string()),
    expected: 'colour overrides such as {"surface":"#fff"}',
  },
  searchDelayMs: {
    scope: 'widget',
    attribute: 'search-delay-ms',
    text: 'number',
    schema: v.pipe(v.number(), v.integer(), v.minValue(300), v.maxValue(2000)),
    expected: 'whole milliseconds from 300 to 2000',
    default: WIDGET_DEFAULTS.searchDelayMs,
  },
} satisfies { [Name in OptionName]-?: Definition<OptionValue<Name>> };

export const OPTION_NAMES = Object.keys(WIDGET_OPTIONS) as OptionName[];

/** The options the page has one of. */
export type PageScopedName = {
  [Name in OptionName]: (typeof WIDGET_OPTIONS)[Name]['scope'] extends 'page' ? Name : never;
}[OptionName];
/** The options each widget has its own of. */
export type WidgetScopedName = Exclude<OptionName, PageScopedName>;

export const PAGE_SCOPED_NAMES = OPTION_NAMES.filter(
  (name) => WIDGET_OPTIONS[name].scope === 'page',
) as PageScopedName[];

/** A widget's options with the defaults filled in. */
export type WidgetSettings = WidgetOptions & typeof WIDGET_DEFAULTS;

/** What a door let through, and a warning for each value it did not. */
export interface ReadOptions {
  options: WidgetOptions;
  problems: string[];
}

interface FieldAt {
  name: OptionName;
  /** The field of an object option; null for a whole option. */
  key: string | null;
  /** How a warning names it as an option: `colorScheme`, `market.plan`. */
  path: string;
  field: Field<unknown>;
}

const definitionOf = (name: OptionName): Definition<unknown> => WIDGET_OPTIONS[name];

function fieldsOf(name: OptionName): FieldAt[] {
  const definition = definitionOf(name);
  if (!('fields' in definition)) return [{ name, key: null, path: name, field: definition }];
  return Object.entries(definition.fields as Record<string, Field<unknown>>).map(
    ([key, field]) => ({ name, key, path: `${name}.${key}`, field }),
  );
}

const FIELDS = OPTION_NAMES.flatMap(fieldsOf);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function warning(what: string, expected: string, name: OptionName): string {
  const fallback = definitionOf(name).default;
  const used = fallback === undefined ? 'the default' : `the default (${String(fallback)})`;
  return `[token-portfolio] ignoring ${what}: expected ${expected}; ${used} applies.`;
}

/** Collects the values that pass, in the shape of WidgetOptions, and a warning for the rest. */
function collector() {
  const kept: Record<string, unknown> = {};
  const problems: string[] = [];
  return {
    // Each value passed its field's schema, whose type the definitions tie to WidgetOptions.
    read: (): ReadOptions => ({ options: kept as WidgetOptions, problems }),
    problems,
    check({ name, key, field }: FieldAt, schema: v.GenericSchema, value: unknown, what: string) {
      const parsed = v.safeParse(schema, value);
      if (!parsed.success) problems.push(warning(what, field.expected, name));
      else if (key === null) kept[name] = parsed.output;
      else kept[name] = { ...(kept[name] as object | undefined), [key]: parsed.output };
    },
  };
}

/**
 * The door for options given as values: mount()'s options, a component's props, a page's
 * settings (its runtime config). Unknown names are left out.
 */
export function readOptions(given: unknown): ReadOptions {
  const { read, problems, check } = collector();
  const source = isRecord(given) ? given : {};
  for (const name of OPTION_NAMES) {
    const value = source[name];
    if (value === undefined) continue;
    const fields = fieldsOf(name);
    if ('fields' in definitionOf(name) && !isRecord(value)) {
      const keys = fields.map(({ key }) => key).join(', ');
      problems.push(warning(`the ${name} option`, `an object of ${keys}`, name));
      continue;
    }
    for (const at of fields) {
      const fieldValue = at.key === null ? value : (value as Record<string, unknown>)[at.key];
      if (fieldValue !== undefined) check(at, at.field.schema, fieldValue, `the ${at.path} option`);
    }
  }
  return read();
}

/** The door for the custom element's attributes. An empty attribute counts as absent. */
export function readAttributes(element: Pick<Element, 'getAttribute'>): ReadOptions {
  const { read, check } = collector();
  for (const at of FIELDS) {
    const { attribute, text, schema } = at.field;
    const value = element.getAttribute(attribute);
    if (value) check(at, v.pipe(FROM_TEXT[text], schema), value, `the ${attribute} attribute`);
  }
  return read();
}

/** The element's attributes for options that passed a door (mount(), our pages' elements). */
export function attributesOf(options: WidgetOptions): [string, string][] {
  return FIELDS.flatMap(({ name, key, field }) => {
    const whole: unknown = options[name];
    const value = key === null ? whole : isRecord(whole) ? whole[key] : undefined;
    if (value === undefined || value === null) return [];
    return [[field.attribute, field.text === 'json' ? JSON.stringify(value) : String(value)]];
  });
}

/** Says what a door did not let through (the widget goes on with the defaults). */
export function warnAbout(problems: readonly string[]): void {
  for (const message of problems) console.warn(message);
}
