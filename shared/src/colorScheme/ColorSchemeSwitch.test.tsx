import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColorSchemeSwitch } from './ColorSchemeSwitch';
import { COLOR_SCHEME_STORAGE_KEY, preferredColorScheme } from './colorScheme';

const scheme = () => document.documentElement.getAttribute('data-color-scheme');

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-color-scheme');
});
afterEach(() => jest.restoreAllMocks());

describe('the colour scheme switch', () => {
  it('shows the current scheme pressed; a choice applies at once and is remembered', async () => {
    const user = userEvent.setup();
    render(<ColorSchemeSwitch />);
    const group = screen.getByRole('group', { name: 'Colour scheme' });
    expect(group).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(screen.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'false');
    expect(scheme()).toBe('light');
    expect(document.documentElement.style.backgroundColor).toBe('rgb(244, 244, 245)');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
    expect(preferredColorScheme()).toBe('light');
  });

  it('still switches when storage is blocked', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Refused', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Refused', 'SecurityError');
    });
    const user = userEvent.setup();
    render(<ColorSchemeSwitch />);
    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(scheme()).toBe('light');
    expect(preferredColorScheme()).toBe('dark'); // nothing remembered, the system decides
  });
});
