import type { Unmount } from '@token-portfolio/widget-types';
import { readAttributes, warnAbout } from '@token-portfolio/shared/widget-options';
import { widgetBaseCss } from './baseStyles';
import type { ReactMount } from './mount';

export interface WidgetElementOptions {
  /**
   * Render inside a shadow root (styles fully isolated both ways). Off for widgets whose
   * dialogs are portalled to document.body (the wallet's), which a shadow root would
   * leave unstyled.
   */
  shadow: boolean;
}

/**
 * Defines `<tag-name>` on top of a widget's mount(): the one-script-tag way to embed it.
 * Its attributes are the widget's options (shared/src/widgetOptions), read when it connects.
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
        const { options, problems } = readAttributes(this);
        warnAbout(problems);
        this.#unmount = mount(container, {
          ...options,
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
