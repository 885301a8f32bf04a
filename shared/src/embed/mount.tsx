import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Unmount, WidgetOptions } from '@token-portfolio/widget-types';
import { schemeVariables, themeVariables } from '@token-portfolio/shared';

/** What embed.js's element passes to the widget's React mount. */
export interface ReactMountOptions extends WidgetOptions {
  /** Where the widget's styles go: its shadow root when it has one, else the page head. */
  styleContainer?: Node;
}

/** A widget rendered with this build's own React into an element (embed.js, the pages). */
export type ReactMount = (element: HTMLElement, options?: ReactMountOptions) => Unmount;

let mounted = 0;

/** Emotion cache keys may hold only lower-case letters: 1 -> 'b', 26 -> 'ba' ... */
function letterKey(n: number): string {
  let key = '';
  for (let rest = n; ; rest = Math.floor(rest / 26)) {
    key = String.fromCharCode(97 + (rest % 26)) + key;
    if (rest < 26) return key;
  }
}

/**
 * `mount(element, options) => unmount` for one widget: renders it into any element of any
 * page, with or without React there. The widget joins the page's store when there is one
 * (a host, or another widget) and creates it otherwise.
 */
export function createMount(Widget: ComponentType<WidgetOptions>): ReactMount {
  return (element, { styleContainer, ...options } = {}) => {
    const variables = Object.entries({
      ...(options.colorScheme ? schemeVariables(options.colorScheme) : {}),
      ...themeVariables(options.theme),
    });
    if (options.colorScheme) element.style.colorScheme = options.colorScheme;
    for (const [name, value] of variables) element.style.setProperty(name, value);

    mounted += 1;
    const cache = createCache({
      key: `tp${letterKey(mounted)}`,
      container: styleContainer ?? document.head,
    });
    const root = createRoot(element);
    // The colours go on the element too: its container paints the widget's surface.
    root.render(
      <CacheProvider value={cache}>
        <Widget {...options} />
      </CacheProvider>,
    );

    let unmounted = false;
    return () => {
      if (unmounted) return;
      unmounted = true;
      root.unmount();
      for (const [name] of variables) element.style.removeProperty(name);
      element.style.removeProperty('color-scheme');
    };
  };
}
