import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { MarketSettings } from '../config';
import { adoptMarket } from '../market/settings';
import { leaseStore, widgetStore } from '../store/storeLease';
import { schemeVariables, themeVariables, type ColorScheme, type ThemeOverrides } from '../theme';

/** What a widget takes from the page that shows it: as mount() options or as props. */
export interface WidgetOptions {
  /** Market API settings (over the defaults); the page's first choice wins (adoptMarket). */
  market?: Partial<MarketSettings>;
  /** 'light' or 'dark'; by default the page's (or the system's preference). */
  colorScheme?: ColorScheme;
  /** Colour overrides on top of the scheme, e.g. { surface: '#fff', text: '#111' }. */
  theme?: ThemeOverrides;
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
 * What every widget renders inside: the page's one store, which it joins or creates (and
 * then holds a lease on, so the last widget to go stops its sagas). Nesting is harmless,
 * so a widget works the same inside our host, in a partner's React tree, on its
 * standalone page or embedded alone.
 */
export function WidgetRoot({ children, ...options }: WidgetOptions & { children: ReactNode }) {
  // Once, before the store exists: its sagas fetch prices as soon as it starts.
  useState(() => options.market && adoptMarket(options.market));
  const store = widgetStore();
  useEffect(() => leaseStore(), []);
  const content = <Provider store={store}>{children}</Provider>;
  const style = colourStyle(options);
  return style ? <div style={style}>{content}</div> : content;
}
