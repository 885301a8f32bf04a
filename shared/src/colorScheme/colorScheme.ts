// The composed page's colour scheme: the visitor's choice (remembered), else what the
// system prefers. Applied as `data-color-scheme` on <html>; the page's styles
// (react/PageStyles.tsx) give each value its colours.
import { COLOR_SCHEMES, isColorScheme, type ColorScheme } from '../theme';

export const COLOR_SCHEME_STORAGE_KEY = 'token-portfolio/color-scheme/v1';
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

const prefersLight = () => window.matchMedia?.('(prefers-color-scheme: light)').matches ?? false;

/** The remembered choice, or null (none, or storage blocked: private modes, sandboxed frames). */
export function storedColorScheme(): ColorScheme | null {
  try {
    const stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
    return isColorScheme(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The scheme to show: the visitor's choice, else the system's preference. */
export function preferredColorScheme(): ColorScheme {
  return storedColorScheme() ?? (prefersLight() ? 'light' : 'dark');
}

/**
 * Sets the scheme on the page: the attribute the styles key on, and the canvas colour,
 * so even the first paint (before any stylesheet) has the scheme's background.
 */
export function applyColorScheme(scheme: ColorScheme): void {
  const root = document.documentElement;
  root.setAttribute(COLOR_SCHEME_ATTRIBUTE, scheme);
  root.style.colorScheme = scheme;
  root.style.backgroundColor = COLOR_SCHEMES[scheme].page;
}

/** The visitor chose a scheme: shown now, remembered when storage allows. */
export function chooseColorScheme(scheme: ColorScheme): void {
  applyColorScheme(scheme);
  try {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

/** The scheme shown on the page now. */
export function shownColorScheme(): ColorScheme {
  const shown = document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE);
  return isColorScheme(shown) ? shown : preferredColorScheme();
}
