import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCoinsData, theme, updateHoldings, type CoinMarket } from '@token-portfolio/shared';
import { heldCoin } from '@token-portfolio/shared/testing';
import { renderSummary } from '../testing/renderSummary';

// Local times, so the expectations hold in any time zone; the week of Oct 8 to 15, 2025
// has no daylight-saving change in the zones that have one.
const LATEST = new Date(2025, 9, 15, 12, 0, 0);

/** 168 hourly prices of 100, but `price(hoursAgo)` where it gives one. */
const week = (price: (hoursAgo: number) => number | undefined = () => undefined) =>
  Array.from({ length: 168 }, (_, i) => price(167 - i) ?? 100);

/** Ethereum, 2 held: $200 a week ago, a high of $300 and a low of $160, $240 now. */
const ethereum = () =>
  heldCoin('ethereum', 240, {
    holdings: '2',
    current_price: 120,
    last_updated: LATEST.toISOString(),
    sparkline_in_7d: {
      price: week((ago) => ({ 0: 120, 30: 150, 90: 80 })[ago]),
    },
  });

const chart = () => screen.getByRole('slider', { name: 'Portfolio value, last 7 days' });
const readout = () => screen.getByText(/^(Oct \d+ – Oct \d+|Oct .*: \$.*)$/);

describe('PortfolioHistoryChart', () => {
  it('draws the week and tells screen readers its range, start, end, high and low', () => {
    const { container } = renderSummary([ethereum()]);
    expect(screen.getByRole('heading', { name: '7-day value' })).toBeVisible();
    expect(chart()).toHaveAccessibleDescription(
      /^Portfolio value from Oct 8, 1:00\sPM to Oct 15, 12:00\sPM: started at \$200\.00 and ended at \$240\.00; high \$300\.00 on Oct 14, 6:00\sAM; low \$160\.00 on Oct 11, 6:00\sPM\.$/,
    );
    expect(readout()).toHaveTextContent('Oct 8 – Oct 15');
    const [area, line] = container.querySelectorAll('svg[aria-hidden="true"] path');
    expect(line?.getAttribute('d')).toMatch(/^M0,.*L600,/);
    // Up on the week: the gain colour, from the theme.
    expect(line).toHaveStyle({ stroke: theme.color.gain });
    expect(area).toHaveStyle({ fill: theme.color.gain });
  });

  it('moves along the points with the keys, like a slider, and shows time and value', async () => {
    const user = userEvent.setup();
    renderSummary([ethereum()]);
    await user.tab();
    expect(chart()).toHaveFocus();
    expect(chart()).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^Oct 15, 12:00\sPM: \$240\.00$/),
    );
    expect(readout()).toHaveTextContent(/^Oct 15, 12:00\sPM: \$240\.00$/);

    await user.keyboard('{ArrowLeft}');
    expect(readout()).toHaveTextContent(/^Oct 15, 11:00\sAM: \$200\.00$/);
    await user.keyboard('{Home}');
    expect(chart()).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^Oct 8, 1:00\sPM: \$200\.00$/),
    );
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    expect(readout()).toHaveTextContent(/^Oct 8, 2:00\sPM: \$200\.00$/);
    await user.keyboard('{End}{PageDown}');
    expect(readout()).toHaveTextContent(/^Oct 14, 12:00\sPM: \$200\.00$/);
    await user.keyboard('{PageUp}{PageUp}');
    expect(readout()).toHaveTextContent(/^Oct 15, 12:00\sPM: \$240\.00$/);

    await user.tab();
    expect(chart()).not.toHaveFocus();
    expect(readout()).toHaveTextContent('Oct 8 – Oct 15');
  });

  it('follows holdings edits and price refreshes', () => {
    const { store } = renderSummary([ethereum()]);
    act(() => {
      store.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    });
    expect(chart()).toHaveAttribute('aria-valuetext', expect.stringMatching(/: \$360\.00$/));
    expect(chart()).toHaveAccessibleDescription(/started at \$300\.00 and ended at \$360\.00;/);

    act(() => {
      store.dispatch(
        setCoinsData([
          {
            id: 'ethereum',
            current_price: 50,
            sparkline_in_7d: { price: week(() => 50) },
          } as CoinMarket,
        ]),
      );
    });
    expect(chart()).toHaveAttribute('aria-valuetext', expect.stringMatching(/: \$150\.00$/));
  });

  it('sums a long list’s new week a slice of coins per task, showing the last one meanwhile', async () => {
    const coins = Array.from({ length: 300 }, (_, index) =>
      heldCoin(`coin-${index}`, 100, {
        holdings: '1',
        current_price: 100,
        last_updated: LATEST.toISOString(),
        sparkline_in_7d: { price: week() },
      }),
    );
    const { store } = renderSummary(coins);
    const endsAt = (total: RegExp) =>
      expect(chart()).toHaveAttribute('aria-valuetext', expect.stringMatching(total));
    endsAt(/: \$30,000\.00$/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    act(() => {
      store.dispatch(
        setCoinsData(
          coins.map((coin) => ({
            ...coin,
            current_price: 200,
            sparkline_in_7d: { price: week(() => 200) },
          })),
        ),
      );
    });
    endsAt(/: \$30,000\.00$/);
    await waitFor(() => endsAt(/: \$60,000\.00$/));
  });

  it('is drawn in the loss colour when the week ended lower than it began', () => {
    const { container } = renderSummary([
      heldCoin('solana', 90, {
        current_price: 90,
        holdings: '1',
        last_updated: LATEST.toISOString(),
        sparkline_in_7d: { price: week((ago) => (ago === 0 ? 90 : undefined)) },
      }),
    ]);
    const line = container.querySelectorAll('svg[aria-hidden="true"] path')[1];
    expect(line).toHaveStyle({ stroke: theme.color.loss });
  });

  it('says so instead of drawing when no held coin has 7-day prices', () => {
    renderSummary([heldCoin('ethereum', 240, { holdings: '2', current_price: 120 })]);
    expect(screen.getByText('No 7-day prices')).toBeVisible();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});
