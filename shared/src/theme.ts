/** Design tokens every widget styles with, so the composed page reads as one app. */
export const theme = {
  color: {
    page: '#212124',
    surface: '#27272a',
    surfaceRaised: '#3f3f46',
    border: 'rgba(255, 255, 255, 0.08)',
    text: '#f4f4f5',
    textMuted: '#a1a1aa',
    accent: '#a9e851',
    accentText: '#18181b',
    gain: '#32ca5b',
    loss: '#ff3a33',
    focus: '#a9e851',
  },
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
