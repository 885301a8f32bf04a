import { act, screen, within } from '@testing-library/react';
import { WATCHLIST_CAP, updateHoldings, type WishlistState } from '@token-portfolio/shared';
import {
  ethereum,
  manyTokens,
  renderWithStore,
  solana,
  watched,
  wishlistOf,
} from '@token-portfolio/shared/testing';
import ImportDialog, { TOO_LARGE, type AppliedImport } from './ImportDialog';

/** Ethereum held 1.5 and Solana 20. */
const wishlist = (): WishlistState => wishlistOf(watched(ethereum, '1.5'), watched(solana, '20'));

const csv = (...lines: string[]) =>
  new File([['id,symbol,name,holdings', ...lines, ''].join('\r\n')], 'watchlist.csv', {
    type: 'text/csv',
  });

function renderDialog(file: File, state: WishlistState = wishlist()) {
  const onClose = jest.fn();
  const onImported = jest.fn<void, [AppliedImport]>();
  const rendered = renderWithStore(
    <ImportDialog file={file} onClose={onClose} onImported={onImported} />,
    { wishlist: state },
  );
  return { ...rendered, onClose, onImported };
}

const dialog = () => screen.getByRole('dialog', { name: 'Import watchlist' });
const section = (name: RegExp) => within(dialog()).getByRole('region', { name });
const rowsOf = (name: RegExp) =>
  within(section(name))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the Import watchlist dialog', () => {
  it('previews what the file adds, changes and leaves, and Import applies it as one action', async () => {
    const file = csv(
      'ethereum,eth,Ethereum,2',
      'solana,sol,Solana,20.0',
      'dogecoin,doge,Dogecoin,10000',
      'bitcoin,,,0.0000001',
    );
    const { user, store, actions, onImported, onClose } = renderDialog(file);
    expect(await screen.findByRole('region', { name: 'To add (2)' })).toBeVisible();
    expect(dialog()).toHaveAccessibleDescription(
      "watchlist.csv: tokens not in the watchlist are added, and the file's holdings replace those of the tokens it has. Nothing is removed.",
    );
    expect(rowsOf(/^To add/)).toEqual(['Dogecoin (DOGE)10,000', 'bitcoin0.0000001']);
    expect(rowsOf(/^Holdings to change/)).toEqual(['Ethereum (ETH)1.5 →  becomes 2']);
    expect(rowsOf(/^Unchanged/)).toEqual(['Solana (SOL)20']);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    const importActions = actions.filter(({ type }) => type.startsWith('wishlist/'));
    expect(importActions).toEqual([
      {
        type: 'wishlist/imported',
        payload: {
          added: [
            { id: 'dogecoin', holdings: '10000' },
            { id: 'bitcoin', holdings: '0.0000001' },
          ],
          holdingsChanged: [{ id: 'ethereum', holdings: '2' }],
        },
      },
    ]);
    expect(store.getState().wishlist.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'bitcoin']);
    expect(onImported).toHaveBeenCalledWith({
      message: 'Imported: 2 tokens added, holdings set for 1 token.',
      undo: {
        type: 'wishlist/importUndone',
        payload: {
          addedIds: ['dogecoin', 'bitcoin'],
          holdingsBefore: [{ id: 'ethereum', holdings: '1.5' }],
        },
      },
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel, Escape and the backdrop change nothing', async () => {
    const { user, store, onClose, onImported } = renderDialog(csv('dogecoin,,,1'));
    await screen.findByRole('region', { name: 'To add (1)' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await user.click(dialog().parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(onImported).not.toHaveBeenCalled();
    expect(store.getState().wishlist).toEqual(wishlist());
  });

  it('shows the preview of the watchlist as it is now, when holdings change under it', async () => {
    const { store } = renderDialog(csv('ethereum,eth,Ethereum,2'));
    await screen.findByRole('region', { name: 'Holdings to change (1)' });
    act(() => {
      store.dispatch(updateHoldings({ id: 'ethereum', holdings: '2' }));
    });
    expect(await screen.findByRole('region', { name: 'Unchanged (1)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing to change: the watchlist has every token of this file, with these holdings.',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  it('names every bad line and applies nothing', async () => {
    const { store } = renderDialog(
      csv('ethereum,eth,Ethereum,1E-7', 'dogecoin,doge,Dogecoin,"1,5"', 'solana,sol,Solana,3'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file cannot be imported, so nothing was changed.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Line 2: holdings '1E-7' is not a plain decimal number, like 1.5 or 0.0000001.",
      "Line 3: holdings '1,5' is not a plain decimal number, like 1.5 or 0.0000001.",
    ]);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(store.getState().wishlist).toEqual(wishlist());
  });

  it('shows the first ten problems and counts the rest', async () => {
    const lines = Array.from({ length: 13 }, (_, index) => `bad id ${index},,,1`);
    renderDialog(csv(...lines));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(10);
    expect(alert).toHaveTextContent('… and 3 more.');
  });

  it('refuses a file over 1 MB without reading it', () => {
    const file = new File(['x'.repeat(1024 * 1024 + 1)], 'big.csv');
    const read = jest.spyOn(file, 'text');
    renderDialog(file);
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LARGE);
    expect(TOO_LARGE).toBe(
      'This file is larger than 1 MB, so it was not read. Import takes files of up to 1 MB.',
    );
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses a file that adds more tokens than fit, saying how many fit', async () => {
    const { store } = renderDialog(csv('one,,,1', 'two,,,2'), manyTokens(WATCHLIST_CAP - 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file would add 2 tokens, but only 1 more token fits in the watchlist (1,000 at most).',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(store.getState().wishlist.ids).toHaveLength(WATCHLIST_CAP - 1);
  });

  it('shows names and the file name as text, never as HTML', async () => {
    const file = new File(
      [
        '{"version":1,"tokens":[{"id":"x","symbol":"<b>","name":"<img src=x onerror=1>","holdings":"1"}]}',
      ],
      '<img src=y onerror=alert(2)>.json',
    );
    renderDialog(file);
    expect(await screen.findByRole('region', { name: 'To add (1)' })).toHaveTextContent(
      '<img src=x onerror=1> (<B>)1',
    );
    expect(dialog()).toHaveTextContent('<img src=y onerror=alert(2)>.json');
    expect(dialog().querySelector('img, b')).toBeNull();
  });
});
