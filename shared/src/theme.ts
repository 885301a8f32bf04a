import type { ColorScheme, ThemeColor, ThemeOverrides } from '@token-portfolio/widget-types';

// Public types: partners see them in the remotes' type hints (widget-types/index.d.ts).
export type { ColorScheme, ThemeColor, ThemeOverrides };

/**
 * The colour design tokens of both schemes, the one place colours are defined. Dark is
 * the default (and what a widget shows when nothing says otherwise); light is for light
 * pages and visitors who prefer it. Every text colour meets WCAG AA (4.5:1) on every
 * surface of its scheme.
 */
export const COLOR_SCHEMES = {
  dark: {
    page: '#212124',
    surface: '#27272a',
    surfaceRaised: '#3f3f46',
    surfaceSunken: 'rgba(255, 255, 255, 0.03)',
    hover: 'rgba(255, 255, 255, 0.08)',
    border: 'rgba(255, 255, 255, 0.08)',
    logoRing: 'rgba(255, 255, 255, 0.24)',
    backdrop: 'rgba(0, 0, 0, 0.64)',
    text: '#f4f4f5',
    textMuted: '#a1a1aa',
    accent: '#a9e851',
    accentText: '#18181b',
    gain: '#32ca5b',
    loss: '#ff6461',
    lossText: '#18181b',
    focus: '#a9e851',
  },
  light: {
    page: '#f4f4f5',
    surface: '#ffffff',
    surfaceRaised: '#e4e4e7',
    surfaceSunken: 'rgba(0, 0, 0, 0.03)',
    hover: 'rgba(0, 0, 0, 0.06)',
    border: 'rgba(0, 0, 0, 0.12)',
    logoRing: 'rgba(0, 0, 0, 0.16)',
    backdrop: 'rgba(24, 24, 27, 0.48)',
    text: '#18181b',
    textMuted: '#52525b',
    accent: '#a9e851',
    accentText: '#18181b',
    gain: '#15803d',
    loss: '#b91c1c',
    lossText: '#ffffff',
    focus: '#3f6212',
  },
} as const satisfies Record<ColorScheme, Record<ThemeColor, string>>;

export const isColorScheme = (value: unknown): value is ColorScheme =>
  value === 'dark' || value === 'light';

/** The default colours (the dark scheme). A page embedding a widget may override any of them. */
export const DEFAULT_COLORS = COLOR_SCHEMES.dark;

const cssVariable = (name: ThemeColor) =>
  `--tp-color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Colours are CSS custom properties with our defaults as fallbacks, so an embedding page
 * can theme a widget without a rebuild. Use them in CSS (css prop, style), not in SVG
 * presentation attributes, which do not resolve var().
 */
const colors = Object.fromEntries(
  Object.entries(DEFAULT_COLORS).map(([name, value]) => [
    name,
    `var(${cssVariable(name as ThemeColor)}, ${value})`,
  ]),
) as Record<ThemeColor, string>;

/** The custom properties that set a scheme's colours (on a page's root or a widget). */
export function schemeVariables(scheme: ColorScheme): Record<string, string> {
  return Object.fromEntries(
    Object.entries(COLOR_SCHEMES[scheme]).map(([name, value]) => [
      cssVariable(name as ThemeColor),
      value,
    ]),
  );
}

/** A scheme's custom properties as CSS declarations, with the browser's own color-scheme. */
export function schemeDeclarations(scheme: ColorScheme): string {
  const properties = Object.entries(schemeVariables(scheme)).map(
    ([name, value]) => `${name}: ${value};`,
  );
  return `${properties.join(' ')} color-scheme: ${scheme};`;
}

/** The custom properties that apply the given overrides (set on a widget's container). */
export function themeVariables(overrides: ThemeOverrides = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(overrides)
      .filter(([name, value]) => name in DEFAULT_COLORS && typeof value === 'string')
      .map(([name, value]) => [cssVariable(name as ThemeColor), value]),
  );
}

export const theme = {
  color: colors,
  radius: { card: '12px', control: '6px' },
  font: {
    family: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
  },
  /** The narrow-screen breakpoint (docs/product.md#the-screen). */
  narrow: '@media (max-width: 767.98px)',
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  /** The most common layout: items side by side, centred across the line (for css``). */
  row: 'display: flex; align-items: center;',
} as const;

/** The 9 colours the breakdown cycles through (docs/product.md#the-screen). */
export const CHART_COLORS = [
  '#10b981',
  '#a78bfa',
  '#60a5fa',
  '#18c9dd',
  '#fb923c',
  '#fb7185',
  '#facc15',
  '#e879f9',
  '#94a3b8',
] as const;

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length] ?? CHART_COLORS[0];
}
