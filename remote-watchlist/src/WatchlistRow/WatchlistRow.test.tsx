import { act, screen, within } from '@testing-library/react';
import { coinsOf, pricesReceived, setCoinsData, theme } from '@token-portfolio/shared';
import {
  ethereum,
  marketCoin,
  solana,
  watched,
  weekOfPrices,
  wishlistOf,
} from '@token-portfolio/shared/testing';
import { renderTable } from '../testing/renderTable';

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
/** A row's cell in a column, by the column's test id. */
const cellOf = (name: string, column: string) => within(rowOf(name)).getByTestId(column);

describe('a watchlist row', () => {
  it('shows the token, price, 24h change, holdings and value, formatted', () => {
    renderTable(wishlistOf(watched(ethereum, '2.5')));
    const row = rowOf('Ethereum');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Ethereum (ETH)');
    expect(within(row).getByRole('img', { name: 'Ethereum 7-day trend: up' })).toBeVisible();
    expect(cellOf('Ethereum', 'price')).toHaveTextContent('$4,000.50');
    expect(cellOf('Ethereum', 'change')).toHaveTextContent('+2.35%');
    expect(cellOf('Ethereum', 'holdings')).toHaveTextContent('2.5');
    expect(cellOf('Ethereum', 'value')).toHaveTextContent('$10,001.25');
  });

  it("shows the market cap in the spec's compact format, the full figure for screen readers", () => {
    const capped = (name: string, market_cap: number) =>
      watched(marketCoin(name.toLowerCase(), name, name.slice(0, 3), 1, 0, { market_cap }), '1');
    renderTable(
      wishlistOf(
        capped('Bitcoin', 11_960_000_000_000),
        capped('Ethereum', 6_884_000_000),
        capped('Solana', 516_840_000),
      ),
    );
    const bitcoin = cellOf('Bitcoin', 'market-cap');
    expect(within(bitcoin).getByText('$11.96t')).toHaveAttribute('aria-hidden', 'true');
    // What a screen reader reads: the whole figure, as text (not an aria-label).
    expect(bitcoin).toHaveAccessibleName('$11,960,000,000,000.00');
    expect(bitcoin).not.toHaveAttribute('aria-label');
    expect(within(bitcoin).getByText('$11,960,000,000,000.00')).toHaveStyle({
      position: 'absolute',
    });
    expect(cellOf('Ethereum', 'market-cap')).toHaveTextContent('$6.88b$6,884,000,000.00');
    expect(cellOf('Solana', 'market-cap')).toHaveTextContent('$516.8m$516,840,000.00');
  });

  it("shows '—' for a market cap that is missing, 0, negative or no finite number when it came", () => {
    const raw = (id: string, market_cap: unknown) => ({ id, name: id, symbol: id, market_cap });
    const { store } = renderTable(wishlistOf('none', 'zero', 'below', 'text', 'endless'));
    act(() => {
      store.dispatch(
        setCoinsData(
          coinsOf([
            raw('none', null),
            raw('zero', 0),
            raw('below', -5),
            raw('text', '481.3b'),
            raw('endless', JSON.parse('1e400')), // too big for a number: Infinity
          ]),
        ),
      );
    });
    for (const id of ['none', 'zero', 'below', 'text', 'endless']) {
      expect(cellOf(id, 'market-cap')).toHaveTextContent(/^—$/);
    }
  });

  it('groups holdings in thousands, exactly, while the edit field keeps the raw text', async () => {
    const amount = '12345.123456789012345678';
    const { user } = renderTable(wishlistOf(watched(ethereum, amount)));
    const holdings = cellOf('Ethereum', 'holdings');
    expect(holdings).toHaveTextContent('12,345.123456789012345678');
    // Figures are right-aligned in tabular numerals.
    expect(holdings).toHaveStyle({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
    await user.click(screen.getByRole('button', { name: 'Actions for Ethereum' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Holdings' }));
    expect(
      (
        (await screen.findByRole('spinbutton', {
          name: 'Holdings of Ethereum',
        })) as HTMLInputElement
      ).value,
    ).toBe(amount);
  });

  it('colours the 24h change green at 0 or more and red below', () => {
    renderTable(
      wishlistOf(
        watched(ethereum, '1'),
        watched(solana, '1'),
        watched(marketCoin('tether', 'Tether', 'usdt', 1, 0), '1'),
        watched(marketCoin('usd-coin', 'USDC', 'usdc', 1, -0.004), '1'),
      ),
    );
    const green = { color: theme.color.gain };
    const red = { color: theme.color.loss };
    /** The 24h change as printed, in its colour. */
    const change = (name: string, text: string) => within(cellOf(name, 'change')).getByText(text);
    expect(change('Ethereum', '+2.35%')).toHaveStyle(green);
    expect(change('Solana', '-3.10%')).toHaveStyle(red);
    expect(change('Tether', '+0.00%')).toHaveStyle(green);
    // The colour follows the printed value: -0.004 reads '+0.00%', so it is green.
    expect(change('USDC', '+0.00%')).toHaveStyle(green);
  });

  it('draws the sparkline green when the week rose and red when it fell', () => {
    const flat = marketCoin('tether', 'Tether', 'usdt', 1, 0, {
      sparkline_in_7d: { price: weekOfPrices(1, 1) },
    });
    renderTable(wishlistOf(watched(ethereum, '1'), watched(solana, '1'), watched(flat, '1')));
    const strokeOf = (name: string) =>
      within(rowOf(name))
        .getByRole('img', { name: /7-day trend/ })
        .querySelector('path');
    expect(strokeOf('Ethereum')).toHaveAttribute('stroke', theme.color.gain);
    expect(strokeOf('Solana')).toHaveAttribute('stroke', theme.color.loss);
    expect(strokeOf('Tether')).toHaveAttribute('stroke', theme.color.loss);
  });

  it("shows '$0.00' for a missing price and value, and a first letter for a missing logo", () => {
    const unpriced = marketCoin('newcoin', 'Newcoin', 'new', null, null, { image: null });
    renderTable(wishlistOf(watched(unpriced, '3')));
    expect(cellOf('Newcoin', 'price')).toHaveTextContent('$0.00');
    expect(cellOf('Newcoin', 'change')).toHaveTextContent('+0.00%');
    expect(screen.getByRole('img', { name: 'No 7-day prices for Newcoin' })).toBeVisible();
    expect(cellOf('Newcoin', 'value')).toHaveTextContent('$0.00');
    expect(within(rowOf('Newcoin')).getByRole('rowheader')).toHaveTextContent('NNewcoin (NEW)');
  });

  it('shows a data:image/ logo, as the seeded sample coins store', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const seeded = marketCoin('dogecoin', 'Dogecoin', 'doge', 0.2, 1, { image: logo });
    const { container } = renderTable(wishlistOf(watched(seeded, '1')));
    expect(container.querySelector('img')).toHaveAttribute('src', logo);
  });

  it('renders API text as text, never as markup, and no script URL as an image', () => {
    const hostile = marketCoin('evil', '<img src=x onerror=a()>', '<b>x</b>', 1, 0, {
      image: 'javascript:alert(1)',
    });
    const { container } = renderTable(wishlistOf(watched(hostile, '1')));
    expect(screen.getByText('<img src=x onerror=a()>', { exact: false })).toBeVisible();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows a loading row, with the id and the row actions, while the data is on its way', async () => {
    const { user, store } = renderTable(wishlistOf(watched(ethereum, '1'), 'cardano'));
    const loading = screen.getByRole('row', { name: /cardano.*loading/ });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    // Every column of a loaded row, in place.
    expect(within(loading).getAllByRole('cell')).toHaveLength(
      within(rowOf('Ethereum')).getAllByRole('cell').length,
    );
    await user.click(within(loading).getByRole('button', { name: 'Actions for cardano' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Edit Holdings',
      'Remove',
    ]);
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(store.getState().wishlist.ids).toEqual(['ethereum']);
  });

  it("says 'No market data' for an id the market answered without, and it can be removed", async () => {
    const { user, store } = renderTable(wishlistOf('not-a-coin'));
    act(() => {
      store.dispatch(pricesReceived([], ['not-a-coin']));
    });
    const row = screen.getByRole('row', { name: /^not-a-coin No market data/ });
    expect(row).not.toHaveAttribute('aria-busy');
    const cell = (column: string) => within(row).getByTestId(column);
    expect(cell('price')).toHaveTextContent('$0.00');
    expect(cell('change')).toHaveTextContent('—');
    expect(cell('market-cap')).toHaveTextContent('—');
    expect(cell('sparkline')).toHaveTextContent('—');
    expect(cell('holdings')).toHaveTextContent('0');
    expect(cell('value')).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Actions for not-a-coin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(store.getState().wishlist.ids).toEqual([]);
  });

  it('lets a loading row get holdings, which creates a bare record (docs/product.md#states-and-transitions)', async () => {
    const { user, store } = renderTable(wishlistOf('cardano'));
    await user.click(screen.getByRole('button', { name: 'Actions for cardano' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Holdings' }));
    const input = await screen.findByRole('spinbutton', { name: 'Holdings of cardano' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue(0);
    await user.clear(input);
    await user.type(input, '250{Enter}');
    expect(store.getState().wishlist.entities.cardano).toEqual({ holdings: '250', value: null });
    expect(screen.queryByRole('spinbutton')).toBeNull();
    const row = screen.getByRole('row', { name: /^cardano/ });
    // Still a loading row (no price has come yet), now showing its holdings.
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(within(row).getByTestId('holdings')).toHaveTextContent('250');
    expect(within(row).getByTestId('value')).not.toHaveTextContent('$');
    expect(screen.getByRole('button', { name: 'Actions for cardano' })).toHaveFocus();
  });

  it('re-renders a row when its record changes, and only that row', () => {
    const { store } = renderTable(wishlistOf(watched(ethereum, '1'), watched(solana, '2')));
    const solanaRow = rowOf('Solana');
    const solanaPath = solanaRow.querySelector('path');
    act(() => {
      store.dispatch(setCoinsData([{ ...ethereum, current_price: 5000 }]));
    });
    expect(cellOf('Ethereum', 'price')).toHaveTextContent('$5,000.00');
    expect(cellOf('Ethereum', 'value')).toHaveTextContent('$5,000.00');
    // The untouched row kept its DOM, down to the sparkline path.
    expect(rowOf('Solana').querySelector('path')).toBe(solanaPath);
  });
});
