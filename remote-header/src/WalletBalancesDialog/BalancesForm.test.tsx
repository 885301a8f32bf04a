import { screen, within } from '@testing-library/react';
import type { WishlistState } from '@token-portfolio/shared';
import { coinRecord, renderWithStore } from '@token-portfolio/shared/testing';
import type { BalanceLine } from '../walletBalances/loadWalletBalances';
import { BalancesForm, type BalancesStatus } from './BalancesForm';

const lines: BalanceLine[] = [
  {
    coinId: 'ethereum',
    status: 'found',
    amount: '100',
    name: 'Ethereum',
    symbol: 'eth',
    image: null,
    price: 4000,
  },
  {
    coinId: 'chainlink',
    status: 'found',
    amount: '1234567.123456789012345678',
    name: 'Chainlink',
    symbol: 'link',
    image: 'javascript:alert(1)',
    price: 18.21,
  },
  {
    coinId: 'usd-coin',
    status: 'found',
    amount: '2500.5',
    name: 'USDC',
    symbol: 'usdc',
    image: null,
    price: null,
  },
  { coinId: 'dai', status: 'reverted', name: 'Dai', symbol: 'dai', image: null, price: 1 },
  {
    coinId: 'uniswap',
    status: 'unreadable',
    name: 'Uniswap',
    symbol: 'uni',
    image: null,
    price: 6,
  },
];

const wishlist: WishlistState = {
  ids: ['ethereum'],
  entities: {
    ethereum: {
      ...coinRecord({ id: 'ethereum', current_price: 4000 }),
      holdings: '1',
      value: 4000,
    },
  },
};

function renderForm(status: BalancesStatus) {
  const onApply = jest.fn();
  const onCancel = jest.fn();
  const { user, store } = renderWithStore(
    <BalancesForm status={status} onApply={onApply} onCancel={onCancel} />,
    { wishlist },
  );
  return { onApply, onCancel, user, store };
}

const loaded: BalancesStatus = { kind: 'loaded', lines, empty: 'No balances found.' };
const details = (name: string) =>
  within(screen.getByRole('checkbox', { name }).closest('li') as HTMLElement);

describe('BalancesForm', () => {
  it('shows each balance found exactly, with the holdings now and the value today, all checked', () => {
    renderForm(loaded);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-describedby') !== null)).toEqual([
      true,
      true,
      true,
    ]);
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);

    expect(screen.getByRole('checkbox', { name: 'Ethereum (ETH)' })).toHaveAccessibleDescription(
      'Balance found 100 ETH Holdings now 1 Value today $400,000.00',
    );
    expect(
      details('Chainlink (LINK)').getByText('1,234,567.123456789012345678 LINK'),
    ).toBeVisible();
    expect(details('Chainlink (LINK)').getByText('Not in watchlist')).toBeVisible();
    expect(details('Chainlink (LINK)').getByText('$22,481,467.32')).toBeVisible();
    expect(details('USDC (USDC)').getByText('No price')).toBeVisible();
    // An image URL that is not http(s) is never loaded: the first letter stands in.
    expect(document.querySelector('img')).toBeNull();
  });

  it('says why a balance could not be read, and offers no check box for it', () => {
    renderForm(loaded);
    expect(screen.getByText('Balance not readable: the token contract reverted.')).toBeVisible();
    expect(
      screen.getByText('Balance not readable: the contract did not answer as a token.'),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /Dai|Uniswap/ })).toBeNull();
  });

  it('sets the checked balances as exact holdings', async () => {
    const { onApply, onCancel, user } = renderForm(loaded);
    await user.click(screen.getByRole('checkbox', { name: 'USDC (USDC)' }));
    await user.click(screen.getByRole('button', { name: 'Set holdings' }));
    expect(onApply).toHaveBeenCalledWith([
      { coinId: 'ethereum', holdings: '100' },
      { coinId: 'chainlink', holdings: '1234567.123456789012345678' },
    ]);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cannot set holdings with nothing checked', async () => {
    const { onApply, user } = renderForm(loaded);
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    expect(screen.getByRole('button', { name: 'Set holdings' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('Cancel changes nothing', async () => {
    const { onApply, onCancel, user, store } = renderForm(loaded);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
    expect(store.getState().wishlist).toEqual(wishlist);
  });

  it('says it is reading', () => {
    renderForm({ kind: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Reading balances…');
    expect(screen.getByRole('button', { name: 'Set holdings' })).toBeDisabled();
  });

  it('offers to try again after a failure', async () => {
    const retry = jest.fn();
    const { user } = renderForm({ kind: 'failed', message: 'Could not reach Base.', retry });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach Base.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Set holdings' })).toBeDisabled();
  });

  it('says when nothing was found', () => {
    renderForm({ kind: 'loaded', lines: [], empty: 'No balances found for this account on Base.' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'No balances found for this account on Base.',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});
