import { act } from 'react';
import { render } from '@testing-library/react';
import { setupFixtureMarket, FIXTURE_BASE_URL } from '../testing';
import { getMarketSettings, releaseMarketChoice } from '../market/settings';
import { getStore, hasPageStore } from '../store/getStore';
import { useAppSelector } from '../store/hooks';
import { WidgetRoot, useWidgetOption } from './WidgetRoot';

setupFixtureMarket();

const PARTNER_GATEWAY = 'https://partner.example/api/market';

function WatchedCount() {
  const count = useAppSelector((state) => state.wishlist.ids.length);
  return <p>Watched: {count}</p>;
}

describe('WidgetRoot, the component form in a partner’s React tree', () => {
  beforeEach(() => releaseMarketChoice());

  it('takes its market, colour scheme and theme as props, and stops the store it made when the last widget goes', async () => {
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <WidgetRoot
          market={{ baseUrl: PARTNER_GATEWAY }}
          colorScheme="light"
          theme={{ surface: '#fafafa' }}
        >
          <WatchedCount />
        </WidgetRoot>,
      );
    });
    expect(view.getByText(/Watched: \d+/)).toBeInTheDocument();
    expect(getMarketSettings().baseUrl).toBe(PARTNER_GATEWAY);
    const wrapper = view.container.firstElementChild as HTMLElement;
    expect(wrapper.style.getPropertyValue('--tp-color-surface')).toBe('#fafafa');
    expect(wrapper.style.colorScheme).toBe('light');
    expect(hasPageStore()).toBe(true);
    await act(async () => view.unmount());
    expect(hasPageStore()).toBe(false);
  });

  it('keeps the page’s first market choice and says so when a later widget asks for another', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    releaseMarketChoice();
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <>
          <WidgetRoot market={{ baseUrl: FIXTURE_BASE_URL }}>
            <WatchedCount />
          </WidgetRoot>
          <WidgetRoot market={{ baseUrl: PARTNER_GATEWAY, apiKey: 'CG-secret' }}>
            <WatchedCount />
          </WidgetRoot>
        </>,
      );
    });
    expect(getMarketSettings().baseUrl).toBe(FIXTURE_BASE_URL);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(PARTNER_GATEWAY);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('CG-secret');
    await act(async () => view.unmount());
    warn.mockRestore();
  });

  it('leaves out a bad prop with one warning naming it, however often it renders', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    function ShownScheme() {
      return <p>Scheme: {useWidgetOption('colorScheme') ?? 'the system’s'}</p>;
    }
    // A partner's tree without TypeScript may pass anything.
    const props = (scheme: string) => JSON.parse(`{"colorScheme":"${scheme}"}`) as object;
    const widget = (scheme: string) => (
      <WidgetRoot {...props(scheme)}>
        <ShownScheme />
      </WidgetRoot>
    );
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(widget('blue'));
    });
    await act(async () => view.rerender(widget('blue')));
    expect(view.getByText('Scheme: the system’s')).toBeInTheDocument();
    expect(view.container.firstElementChild?.tagName).toBe('P');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "[token-portfolio] ignoring the colorScheme option: expected 'light' or 'dark'; the default applies.",
    );

    await act(async () => view.rerender(widget('light')));
    expect(view.getByText('Scheme: light')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    await act(async () => view.unmount());
    warn.mockRestore();
  });

  it('renders no wrapper without colours, and leaves a store it did not make running', async () => {
    getStore();
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <WidgetRoot>
          <WatchedCount />
        </WidgetRoot>,
      );
    });
    expect(view.container.firstElementChild?.tagName).toBe('P');
    await act(async () => view.unmount());
    expect(hasPageStore()).toBe(true);
  });
});
