import {
  createContext,
  use,
  useContext,
  useEffect,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Provider } from 'react-redux';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { adoptMarket } from '../market/settings';
import { leaseStore, widgetStore } from '../store/storeLease';
import { schemeVariables, themeVariables } from '../theme';
import { WIDGET_DEFAULTS } from '../widgetOptions/defaults';
import type {
  OptionValue,
  PageScopedName,
  ReadOptions,
  WidgetScopedName,
  WidgetSettings,
} from '../widgetOptions/widgetOptions';
import type * as OptionsDoorModule from '../widgetOptions/widgetOptions';

type OptionsDoor = typeof OptionsDoorModule;
let doorLoad: Promise<OptionsDoor> | null = null;
/**
 * The door (valibot schemas) loads only for a widget given options: the composed page gives
 * its first-paint widgets none (docs/architecture.md#what-the-page-shares). A failed load is
 * the widget's error, and the next render asks again.
 */
function loadDoor(): Promise<OptionsDoor> {
  doorLoad ??= import(
    /* webpackChunkName: "widget-options" */ '../widgetOptions/widgetOptions'
  ).catch((error: unknown) => {
    doorLoad = null;
    throw error;
  });
  return doorLoad;
}

const NOTHING_GIVEN: ReadOptions = { options: {}, problems: [] };

/** What the page does with a per-page option: the first choice on the page holds. */
const PAGE_CHOICES: { [Name in PageScopedName]: (value: OptionValue<Name>) => void } = {
  market: adoptMarket,
};

function choose<Name extends PageScopedName>(name: Name, value: OptionValue<Name> | undefined) {
  if (value !== undefined) PAGE_CHOICES[name](value);
}

/** The options' door for a widget given any, or null; it suspends the widget while it loads. */
function useOptionsDoor(given: WidgetOptions): OptionsDoor | null {
  const anyGiven = Object.values(given).some((value) => value !== undefined);
  return anyGiven ? use(loadDoor()) : null;
}

const WidgetSettingsContext = createContext<WidgetSettings>(WIDGET_DEFAULTS);

/** One of the widget's own options (docs/embedding.md), or its default. */
export function useWidgetOption<Name extends WidgetScopedName>(name: Name): WidgetSettings[Name] {
  return useContext(WidgetSettingsContext)[name];
}

/** The colour scheme and theme as custom properties, for a wrapper that lays nothing out. */
function colourStyle({ colorScheme, theme }: WidgetOptions): CSSProperties | null {
  if (!colorScheme && !theme) return null;
  return {
    display: 'contents',
    ...(colorScheme ? { colorScheme } : {}),
    ...(colorScheme ? schemeVariables(colorScheme) : {}),
    ...themeVariables(theme),
  } as CSSProperties;
}

/**
 * What every widget renders inside: the door for its options (its props), and the page's
 * one store, which it joins or creates (and then holds a lease on, so the last widget to go
 * stops its sagas). Nesting is harmless, so a widget works the same inside our host, in a
 * partner's React tree, on its standalone page or embedded alone.
 */
export function WidgetRoot({ children, ...given }: WidgetOptions & { children: ReactNode }) {
  const door = useOptionsDoor(given);
  const { options, problems } = door ? door.readOptions(given) : NOTHING_GIVEN;
  // Said once per change of what is wrong, not on every render.
  const warnings = problems.join('\n');
  useEffect(() => door?.warnAbout(warnings ? warnings.split('\n') : []), [door, warnings]);
  // Once, before the store exists: its sagas fetch prices as soon as it starts.
  useState(() => {
    for (const name of door?.PAGE_SCOPED_NAMES ?? []) choose(name, options[name]);
  });
  const store = widgetStore();
  useEffect(() => leaseStore(), []);
  const content = (
    <WidgetSettingsContext value={{ ...WIDGET_DEFAULTS, ...options }}>
      <Provider store={store}>{children}</Provider>
    </WidgetSettingsContext>
  );
  const style = colourStyle(options);
  return style ? <div style={style}>{content}</div> : content;
}
