import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addTokenOpened, getStore } from '@token-portfolio/shared';
import { setupFixtureMarket } from '@token-portfolio/shared/testing';
import AddTokenModal from './AddTokenModal';

const market = setupFixtureMarket();

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

/** The widget as a partner's React tree renders it, opened as the watchlist opens it. */
async function openWidget(props: Parameters<typeof AddTokenModal>[0]) {
  // Awaited: a widget given options loads their check first (WidgetRoot suspends).
  const view = await act(async () => render(<AddTokenModal {...props} />));
  act(() => {
    getStore().dispatch(addTokenOpened());
  });
  const searchbox = await screen.findByRole('searchbox');
  return { ...view, searchbox };
}

const searches = () => market.requestsTo('/search').map(({ query }) => query['query']);

describe('AddTokenModal', () => {
  it('searches once typing pauses for its searchDelayMs prop', async () => {
    const { searchbox, unmount } = await openWidget({ searchDelayMs: 1200 });
    fireEvent.change(searchbox, { target: { value: 'sol' } });
    await act(() => jest.advanceTimersByTimeAsync(1199));
    expect(searches()).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(searches()).toEqual(['sol']));
    unmount();
  });

  it('takes the 600 ms default for a bad searchDelayMs, and says so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    // A partner's page without TypeScript may pass anything.
    const { searchbox, unmount } = await openWidget(JSON.parse('{"searchDelayMs":"slow"}'));
    expect(warn).toHaveBeenCalledWith(
      '[token-portfolio] ignoring the searchDelayMs option: expected whole milliseconds from 300 to 2000; the default (600) applies.',
    );
    fireEvent.change(searchbox, { target: { value: 'sol' } });
    await act(() => jest.advanceTimersByTimeAsync(599));
    expect(searches()).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(searches()).toEqual(['sol']));
    unmount();
    warn.mockRestore();
  });
});
