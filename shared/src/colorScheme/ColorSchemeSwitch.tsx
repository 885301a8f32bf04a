import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { button } from '../controls/buttons';
import { theme, type ColorScheme } from '../theme';
import {
  chooseColorScheme,
  shownColorScheme,
  storedColorScheme,
  applyColorScheme,
} from './colorScheme';

const group = css`
  display: inline-flex;
  gap: 4px;
  padding: 4px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.control};
`;

const option = css`
  ${button};
  min-height: 32px;
  padding: 0 12px;
  background: transparent;
  color: ${theme.color.textMuted};
  &[aria-pressed='true'] {
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.text};
  }
`;

const SCHEMES: { scheme: ColorScheme; label: string }[] = [
  { scheme: 'dark', label: 'Dark' },
  { scheme: 'light', label: 'Light' },
];

/**
 * The composed page's colour scheme switch: two toggle buttons, the shown one pressed.
 * A choice is remembered; until there is one the page follows the system as it changes.
 */
export function ColorSchemeSwitch() {
  const [shown, setShown] = useState<ColorScheme>(shownColorScheme);

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: light)');
    if (!query) return;
    const follow = (event: MediaQueryListEvent) => {
      if (storedColorScheme() !== null) return;
      const scheme = event.matches ? 'light' : 'dark';
      applyColorScheme(scheme);
      setShown(scheme);
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  return (
    <div role="group" aria-label="Colour scheme" css={group}>
      {SCHEMES.map(({ scheme, label }) => (
        <button
          key={scheme}
          type="button"
          css={option}
          aria-pressed={shown === scheme}
          onClick={() => {
            chooseColorScheme(scheme);
            setShown(scheme);
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
