import {
  createContext,
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
import {
  PAGE_SCOPED_NAMES,
  WIDGET_DEFAULTS,
  readOptions,
  warnAbout,
  type OptionValue,
  type PageScopedName,
  type WidgetScopedName,
  type WidgetSettings,
} from '../widgetOptions/widgetOptions';

/** What the page does with a per-page option: the first choice on the page holds. */
const PAGE_CHOICES: { [Name in PageScopedName]: (value: OptionValue<Name>) => void } = {
  market: adoptMarket,
};

function choose<Name extends PageScopedName>(name: Name, value: OptionValue<Name> | undefined) {
  if (value !== undefined) PAGE_CHOICES[name](value);
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
  const { options, problems } = readOptions(given);
  // Said once per change of what is wrong, not on every render.
  const warnings = problems.join('\n');
  useEffect(() => warnAbout(warnings ? warnings.split('\n') : []), [warnings]);
  // Once, before the store exists: its sagas fetch prices as soon as it starts.
  useState(() => {
    for (const name of PAGE_SCOPED_NAMES) choose(name, options[name]);
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
