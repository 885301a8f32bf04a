import type { WidgetOptions } from '@token-portfolio/widget-types';

/**
 * The defaults of the options that have one, apart from their schemas (widgetOptions.ts,
 * whose definitions use these): a widget given no options renders without loading the
 * options' door (WidgetRoot).
 */
export const WIDGET_DEFAULTS = {
  // docs/product.md#numbers-and-limits: the search debounce.
  searchDelayMs: 600,
} satisfies WidgetOptions;
