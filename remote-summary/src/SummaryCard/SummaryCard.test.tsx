import { act, screen, within } from '@testing-library/react';
import { CHART_COLORS, pricesReceived } from '@token-portfolio/shared';
import { ethereum, heldCoin } from '@token-portfolio/shared/testing';
import { renderSummary } from '../testing/renderSummary';

const ZERO_STATE = 'No Holdings , Please add some tokens to your portfolio';

const legendRows = () =>
  within(screen.getByRole('list', { name: 'Breakdown by token' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('SummaryCard', () => {
  it('shows only the zero-state text when nothing is held', () => {
    renderSummary([]);
    const card = screen.getByRole('region', { name: 'Portfolio summary' });
    expect(card).toHaveTextContent(new RegExp(`^${ZERO_STATE}$`));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the zero state when no watched token has a value above zero', () => {
    renderSummary([heldCoin('ethereum', 0), heldCoin('solana', null)]);
    expect(screen.getByText(ZERO_STATE)).toBeInTheDocument();
    expect(screen.queryByText('Portfolio Total')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows each share as a percentage rounded to one decimal', () => {
    renderSummary([
      heldCoin('ethereum', 1, { name: 'Ethereum', symbol: 'eth' }),
      heldCoin('solana', 2, { name: 'Solana', symbol: 'sol' }),
      heldCoin('ripple', 1, { name: 'XRP', symbol: 'xrp' }),
    ]);
    expect(screen.getByRole('heading', { name: 'Portfolio Breakdown' })).toBeInTheDocument();
    // Largest share first; equal shares keep the watchlist's order.
    expect(legendRows()).toEqual(['Solana (SOL)50.0%', 'Ethereum (ETH)25.0%', 'XRP (XRP)25.0%']);
  });

  it('rounds thirds to one decimal in the legend and in the chart description', () => {
    renderSummary([
      heldCoin('ethereum', 1, { name: 'Ethereum', symbol: 'eth' }),
      heldCoin('solana', 2, { name: 'Solana', symbol: 'sol' }),
    ]);
    expect(legendRows()).toEqual(['Solana (SOL)66.7%', 'Ethereum (ETH)33.3%']);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Portfolio breakdown: Ethereum (ETH) 33.3%, Solana (SOL) 66.7%',
    );
  });

  it('leaves out tokens whose value is zero, missing, negative or not finite', () => {
    renderSummary([
      heldCoin('ethereum', 300, { name: 'Ethereum', symbol: 'eth' }),
      heldCoin('zero', 0),
      heldCoin('missing', null),
      heldCoin('negative', -50),
      heldCoin('nan', Number.NaN),
      heldCoin('infinite', Number.POSITIVE_INFINITY),
      heldCoin('solana', 100, { name: 'Solana', symbol: 'sol' }),
    ]);
    expect(legendRows()).toEqual(['Ethereum (ETH)75.0%', 'Solana (SOL)25.0%']);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Portfolio breakdown: Ethereum (ETH) 75.0%, Solana (SOL) 25.0%',
    );
  });

  it('cycles the slice and legend colours through the nine after the ninth token', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `coin${i + 1}`);
    const { container } = renderSummary(ids.map((id) => heldCoin(id, 10)));
    const fills = [...container.querySelectorAll('svg path')].map((path) =>
      path.getAttribute('fill'),
    );
    expect(fills).toEqual([...CHART_COLORS, CHART_COLORS[0], CHART_COLORS[1]]);
    const labels = within(screen.getByRole('list', { name: 'Breakdown by token' }))
      .getAllByRole('listitem')
      .map((row) => row.firstElementChild);
    expect(labels[9]).toHaveStyle({ color: CHART_COLORS[0] });
    expect(labels[10]).toHaveStyle({ color: CHART_COLORS[1] });
    expect(labels[8]).toHaveStyle({ color: CHART_COLORS[8] });
  });

  it('shows the latest update of any watched token of today as a 12-hour time with seconds', () => {
    // Local times, so the expectation holds in any time zone.
    const today = new Date();
    const at = (h: number, m: number, s: number) =>
      new Date(today.getFullYear(), today.getMonth(), today.getDate(), h, m, s).toISOString();
    const earlier = at(0, 0, 1);
    const latest = at(0, 0, 9);
    renderSummary([
      heldCoin('ethereum', 10, { last_updated: earlier }),
      heldCoin('solana', 10, { last_updated: latest }),
      heldCoin('ripple', null, { last_updated: undefined }),
    ]);
    expect(screen.getByText(/^Last updated: /)).toHaveTextContent(/^Last updated: 12:00:09\sAM$/);
  });

  it('carries the date of prices older than today, so they never pass as current', () => {
    // The first-visit samples' time: mid October 2025.
    renderSummary([
      heldCoin('ethereum', 10, { last_updated: new Date(2025, 9, 15, 12, 0, 0).toISOString() }),
    ]);
    expect(screen.getByText(/^Last updated: /)).toHaveTextContent(
      /^Last updated: Oct 15, 2025, 12:00:00\sPM$/,
    );
  });

  it("after a market answer, Last updated and the 7-day chart's end are when its data was fetched, not when it arrived", () => {
    const { store } = renderSummary([
      heldCoin('ethereum', 1, { last_updated: new Date(2025, 9, 15, 12, 0, 0).toISOString() }),
    ]);
    // The gateway's last known prices, of early today (beyond the spec: docs/product.md#last-updated).
    const today = new Date();
    const fetchedAt = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 0, 0, 5);
    act(() => {
      store.dispatch(
        pricesReceived([{ ...ethereum, last_updated: fetchedAt.toISOString() }], [], ['ethereum']),
      );
    });
    expect(screen.getByText(/^Last updated: /)).toHaveTextContent(/^Last updated: 12:00:05\sAM$/);
    const chart = screen.getByRole('slider', { name: 'Portfolio value, last 7 days' });
    expect(chart).toHaveAttribute('aria-valuemax', String(fetchedAt.getTime()));
  });
});
