import { act } from 'react';
import { css } from '@emotion/react';
import { setupServer } from 'msw/node';
import { createFixtureApi } from '../fixtures';
import { configureMarket } from '../market/settings';
import { WidgetRoot, useWidgetOption } from '../react/WidgetRoot';
import { useAppSelector } from '../store/hooks';
import { getStore, hasPageStore } from '../store/getStore';
import { updateHoldings } from '../wishlist/wishlistSlice';
import { COLOR_SCHEMES } from '../theme';
import { createMount } from './mount';
import { defineWidgetElement } from './defineWidgetElement';

const server = setupServer(...createFixtureApi().handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureMarket({ baseUrl: 'https://fixtures.test/api/v3', apiKey: null, plan: 'demo' });
  document.body.replaceChildren();
});

function SolanaHoldings() {
  const holdings = useAppSelector((state) => state.wishlist.entities['solana']?.holdings ?? '-');
  return <p>Solana holdings: {holdings}</p>;
}

const mountSolana = createMount(() => (
  <WidgetRoot>
    <SolanaHoldings />
  </WidgetRoot>
));

function slot(): HTMLElement {
  return document.body.appendChild(document.createElement('div'));
}

describe('mount', () => {
  it('lets two widgets share one store and drops the store when the last one unmounts', async () => {
    expect(hasPageStore()).toBe(false);
    const first = slot();
    const second = slot();
    let unmountFirst = () => {};
    let unmountSecond = () => {};
    await act(async () => {
      unmountFirst = mountSolana(first);
      unmountSecond = mountSolana(second);
    });
    await act(async () => {
      getStore().dispatch(updateHoldings({ id: 'solana', holdings: '7' }));
    });
    expect(first).toHaveTextContent('Solana holdings: 7');
    expect(second).toHaveTextContent('Solana holdings: 7');

    await act(async () => unmountFirst());
    expect(first).toBeEmptyDOMElement();
    expect(hasPageStore()).toBe(true);
    await act(async () => unmountSecond());
    expect(second).toBeEmptyDOMElement();
    expect(hasPageStore()).toBe(false);
  });

  it('joins a store the page already has and leaves it running on unmount', async () => {
    const hostStore = getStore();
    const element = slot();
    let unmount = () => {};
    await act(async () => {
      unmount = mountSolana(element);
    });
    await act(async () => unmount());
    expect(hasPageStore()).toBe(true);
    expect(getStore()).toBe(hostStore);
  });

  it('applies theme colours as custom properties on the element until unmount', async () => {
    const element = slot();
    let unmount = () => {};
    await act(async () => {
      unmount = mountSolana(element, { theme: { surface: '#ffffff', text: '#111111' } });
    });
    expect(element.style.getPropertyValue('--tp-color-surface')).toBe('#ffffff');
    expect(element.style.getPropertyValue('--tp-color-text')).toBe('#111111');
    await act(async () => unmount());
    expect(element.style.getPropertyValue('--tp-color-surface')).toBe('');
  });
});

describe('color-scheme', () => {
  it('sets the light scheme from the attribute, with theme overrides on top', async () => {
    defineWidgetElement('test-solana-light', mountSolana, { shadow: true });
    const element = document.createElement('test-solana-light');
    element.setAttribute('color-scheme', 'light');
    element.setAttribute('theme', JSON.stringify({ surface: '#fafafa' }));
    await act(async () => {
      document.body.append(element);
    });
    const container = element.shadowRoot?.querySelector('div') as HTMLElement;
    expect(container.style.getPropertyValue('--tp-color-page')).toBe(COLOR_SCHEMES.light.page);
    expect(container.style.getPropertyValue('--tp-color-text')).toBe(COLOR_SCHEMES.light.text);
    expect(container.style.getPropertyValue('--tp-color-surface')).toBe('#fafafa');
    expect(container.style.colorScheme).toBe('light');
    await act(async () => element.remove());
  });

  it('follows the system without the attribute: the widget paints its own surface', async () => {
    defineWidgetElement('test-solana-system', mountSolana, { shadow: true });
    const element = document.createElement('test-solana-system');
    await act(async () => {
      document.body.append(element);
    });
    const container = element.shadowRoot?.querySelector('div') as HTMLElement;
    expect(container.style.getPropertyValue('--tp-color-page')).toBe('');
    const css = element.shadowRoot?.querySelector('style')?.textContent ?? '';
    expect(css).toContain('background: var(--tp-color-page');
    expect(css).toContain('@media (prefers-color-scheme: light)');
    await act(async () => element.remove());
  });
});

describe('defineWidgetElement', () => {
  it('renders the widget in a shadow root when connected and unmounts when removed', async () => {
    defineWidgetElement('test-solana-widget', mountSolana, { shadow: true });
    const element = document.createElement('test-solana-widget');
    await act(async () => {
      document.body.append(element);
    });
    expect(element.shadowRoot?.textContent).toContain('Solana holdings:');
    expect(element.shadowRoot?.querySelector('style')?.textContent).toContain(':host');
    await act(async () => element.remove());
    expect(element.shadowRoot?.childNodes).toHaveLength(0);
  });

  it('gives the widget its attributes as props, leaving out a bad one with a warning', async () => {
    function ShownScheme() {
      return <p>Scheme: {useWidgetOption('colorScheme') ?? 'the system’s'}</p>;
    }
    const mountScheme = createMount((options) => (
      <WidgetRoot {...options}>
        <ShownScheme />
      </WidgetRoot>
    ));
    defineWidgetElement('test-scheme-widget', mountScheme, { shadow: false });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const light = document.createElement('test-scheme-widget');
    light.setAttribute('color-scheme', 'light');
    const bad = document.createElement('test-scheme-widget');
    bad.setAttribute('color-scheme', 'sepia');
    await act(async () => {
      document.body.append(light, bad);
    });
    expect(light).toHaveTextContent('Scheme: light');
    expect(bad).toHaveTextContent('Scheme: the system’s');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "[token-portfolio] ignoring the color-scheme attribute: expected 'light' or 'dark'; the default applies.",
    );
    warn.mockRestore();
    await act(async () => {
      light.remove();
      bad.remove();
    });
  });

  it('ignores a theme attribute that is not JSON, with a warning', async () => {
    defineWidgetElement('test-solana-themed', mountSolana, { shadow: false });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const element = document.createElement('test-solana-themed');
    element.setAttribute('theme', '{not json');
    await act(async () => {
      document.body.append(element);
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignoring the theme attribute'));
    expect(element).toHaveTextContent('Solana holdings:');
    warn.mockRestore();
    await act(async () => element.remove());
  });
});

describe('style isolation keys', () => {
  it('gives each mounted widget its own emotion cache with a letters-only key', async () => {
    const mountStyled = createMount(() => (
      <p
        css={css`
          color: red;
        `}
      >
        styled
      </p>
    ));
    const element = slot();
    let unmount = () => {};
    await act(async () => {
      unmount = mountStyled(element);
    });
    const keys = [...document.head.querySelectorAll('style[data-emotion]')].map(
      (style) => style.getAttribute('data-emotion')?.split(' ')[0] ?? '',
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^[a-z]+$/);
    await act(async () => unmount());
  });
});
