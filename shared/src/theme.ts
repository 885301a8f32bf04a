/** The default colours. A page embedding a widget may override any of them (mount options). */
export const DEFAULT_COLORS = {
  page: '#212124',
  surface: '#27272a',
  surfaceRaised: '#3f3f46',
  surfaceSunken: 'rgba(255, 255, 255, 0.03)',
  border: 'rgba(255, 255, 255, 0.08)',
  logoRing: 'rgba(255, 255, 255, 0.24)',
  text: '#f4f4f5',
  textMuted: '#a1a1aa',
  accent: '#a9e851',
  accentText: '#18181b',
  gain: '#32ca5b',
  loss: '#ff6461', // 4.5:1 or more on every surface (WCAG AA)
  focus: '#a9e851',
} as const;

export type ThemeColor = keyof typeof DEFAULT_COLORS;
export type ThemeOverrides = Partial<Record<ThemeColor, string>>;

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
  /** The narrow-screen breakpoint (SPEC section 2). */
  narrow: '@media (max-width: 767.98px)',
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

/** The 9 colours the breakdown cycles through (SPEC section 2). */
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
