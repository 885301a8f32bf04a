import type { MarketPlan, ThemeOverrides, Unmount } from '@token-portfolio/widget-types';
import { isColorScheme } from '@token-portfolio/shared';
import { widgetBaseCss } from './baseStyles';
import type { ReactMount, ReactMountOptions } from './mount';

export interface WidgetElementOptions {
  /**
   * Render inside a shadow root (styles fully isolated both ways). Off for widgets whose
   * dialogs are portalled to document.body (the wallet's), which a shadow root would
   * leave unstyled.
   */
  shadow: boolean;
}

function optionsFromAttributes(element: HTMLElement): ReactMountOptions {
  const market: ReactMountOptions['market'] = {};
  const baseUrl = element.getAttribute('market-api-url');
  const apiKey = element.getAttribute('market-api-key');
  const plan = element.getAttribute('market-api-plan');
  if (baseUrl) market.baseUrl = baseUrl;
  if (apiKey) market.apiKey = apiKey;
  if (plan === 'demo' || plan === 'pro') market.plan = plan satisfies MarketPlan;
  let theme: ThemeOverrides | undefined;
  const themeText = element.getAttribute('theme');
  if (themeText) {
    try {
      theme = JSON.parse(themeText) as ThemeOverrides;
    } catch {
      console.warn(`[token-portfolio] ignoring the theme attribute: it is not JSON (${themeText})`);
    }
  }
  const colorScheme = element.getAttribute('color-scheme');
  return {
    ...(Object.keys(market).length > 0 ? { market } : {}),
    ...(isColorScheme(colorScheme) ? { colorScheme } : {}),
    ...(theme ? { theme } : {}),
  };
}

/**
 * Defines `<tag-name>` on top of a widget's mount(): the one-script-tag way to embed it.
 * Attributes: market-api-url, market-api-key, market-api-plan, color-scheme ('light' or
 * 'dark'; the system's preference by default), theme (JSON colour overrides on top).
 */
export function defineWidgetElement(
  tagName: string,
  mount: ReactMount,
  { shadow }: WidgetElementOptions,
): void {
  if (customElements.get(tagName)) return;

  customElements.define(
    tagName,
    class WidgetElement extends HTMLElement {
      #unmount: Unmount | null = null;

      connectedCallback() {
        if (this.#unmount) return;
        const root = shadow ? (this.shadowRoot ?? this.attachShadow({ mode: 'open' })) : this;
        const style = document.createElement('style');
        style.textContent = widgetBaseCss(shadow ? ':host' : tagName);
        const container = document.createElement('div');
        root.append(style, container);
        this.#unmount = mount(container, {
          ...optionsFromAttributes(this),
          ...(shadow ? { styleContainer: root } : {}),
        });
      }

      disconnectedCallback() {
        this.#unmount?.();
        this.#unmount = null;
        const root = shadow ? this.shadowRoot : this;
        root?.replaceChildren();
      }
    },
  );
}
