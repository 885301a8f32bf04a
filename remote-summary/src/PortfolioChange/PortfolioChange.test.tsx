import { act, screen } from '@testing-library/react';
import { setCoinsData, theme, updateHoldings, type CoinMarket } from '@token-portfolio/shared';
import { heldCoin } from '@token-portfolio/shared/testing';
import { renderSummary } from '../testing/renderSummary';

/** The 24h line: the figure and its period, as one text. */
const changeLine = () =>
  screen.getByText(
    (_, element) => element?.tagName === 'P' && /24h$/.test(element.textContent ?? ''),
  );

describe('PortfolioChange', () => {
  it('shows the 24h change in dollars and percent, green when the portfolio rose', () => {
    // 1,100 now after +10 % (1,000 a day ago) and 300 after +5 % (285.71 a day ago).
    renderSummary([
      heldCoin('ethereum', 1100, {
        current_price: 550,
        holdings: '2',
        price_change_percentage_24h: 10,
      }),
      heldCoin('solana', 300, {
        current_price: 100,
        holdings: '3',
        price_change_percentage_24h: 5,
      }),
    ]);
    // 1,400 now against 1,285.71: +114.29, +8.89 %.
    expect(changeLine()).toHaveTextContent(/^\+\$114\.29 \(\+8\.89%\) 24h$/);
    expect(changeLine()).toHaveStyle({ color: theme.color.gain });
  });

  it('is red with a minus when the portfolio fell, and green at exactly zero', () => {
    const { store } = renderSummary([
      heldCoin('ethereum', 300, {
        current_price: 100,
        holdings: '3',
        price_change_percentage_24h: -25,
      }),
    ]);
    expect(changeLine()).toHaveTextContent(/^-\$100\.00 \(-25\.00%\) 24h$/);
    expect(changeLine()).toHaveStyle({ color: theme.color.loss });

    act(() => {
      store.dispatch(
        setCoinsData([
          { id: 'ethereum', current_price: 100, price_change_percentage_24h: 0 } as CoinMarket,
        ]),
      );
    });
    expect(changeLine()).toHaveTextContent(/^\+\$0\.00 \(\+0\.00%\) 24h$/);
    expect(changeLine()).toHaveStyle({ color: theme.color.gain });
  });

  it('follows holdings edits', () => {
    const { store } = renderSummary([
      heldCoin('ethereum', 110, {
        current_price: 110,
        holdings: '1',
        price_change_percentage_24h: 10,
      }),
    ]);
    expect(changeLine()).toHaveTextContent(/^\+\$10\.00 \(\+10\.00%\) 24h$/);
    act(() => {
      store.dispatch(updateHoldings({ id: 'ethereum', holdings: '2.5' }));
    });
    expect(changeLine()).toHaveTextContent(/^\+\$25\.00 \(\+10\.00%\) 24h$/);
  });

  it('says how many held coins are left out for want of a price or a 24h change', () => {
    renderSummary([
      heldCoin('ethereum', 110, {
        current_price: 110,
        holdings: '1',
        price_change_percentage_24h: 10,
      }),
      heldCoin('solana', 20, {
        current_price: 10,
        holdings: '2',
        price_change_percentage_24h: null,
      }),
      heldCoin('ripple', null, {
        current_price: null,
        holdings: '5',
        price_change_percentage_24h: 3,
      }),
      heldCoin('dogecoin', 0, {
        current_price: 1,
        holdings: '0',
        price_change_percentage_24h: null,
      }),
    ]);
    expect(changeLine()).toHaveTextContent(/^\+\$10\.00 \(\+10\.00%\) 24h$/);
    expect(screen.getByText('2 coins without a price or 24h change are left out')).toBeVisible();
  });

  it('names one coin left out, and says when no coin has a 24h change', () => {
    renderSummary([
      heldCoin('ethereum', 110, {
        current_price: 110,
        holdings: '1',
        price_change_percentage_24h: null,
      }),
    ]);
    expect(screen.getByText('24h change not available')).toBeVisible();
    expect(screen.getByText('1 coin without a price or 24h change is left out')).toBeVisible();
  });

  it('has no note when every held coin counts', () => {
    renderSummary([
      heldCoin('ethereum', 110, {
        current_price: 110,
        holdings: '1',
        price_change_percentage_24h: 10,
      }),
    ]);
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
  });
});
