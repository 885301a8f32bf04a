import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { adoptMarket } from '../market/settings';
import { leaseStore, widgetStore } from '../store/storeLease';
import { schemeVariables, themeVariables } from '../theme';

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
