import { act, screen, waitFor } from '@testing-library/react';
import { UNDO_OFFERED_MS, type WishlistState } from '@token-portfolio/shared';
import {
  ethereum,
  renderWithStore,
  solana,
  watched,
  wishlistOf,
} from '@token-portfolio/shared/testing';
import { ExportImportMenu } from './ExportImportMenu';

/** Ethereum held 1.5 and Solana 20. */
const wishlist = (): WishlistState => wishlistOf(watched(ethereum, '1.5'), watched(solana, '20'));
const menuButton = () => screen.getByRole('button', { name: 'Export / Import' });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Watchlist file to import');

/** jsdom saves no files: what the download link was given, and its name. */
function recordDownloads() {
  const downloads: { name: string; file: Blob }[] = [];
  const files = new Map<string, Blob>();
  let count = 0;
  Object.assign(URL, {
    createObjectURL: (file: Blob) => {
      count += 1;
      files.set(`blob:test/${count}`, file);
      return `blob:test/${count}`;
    },
    revokeObjectURL: (url: string) => files.delete(url),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = files.get(this.href);
    if (file) downloads.push({ name: this.download, file });
  });
  return downloads;
}

afterEach(() => jest.restoreAllMocks());

describe('Export / Import', () => {
  it('is a menu: Export as CSV, Export as JSON, Import a file…, from the keyboard too', async () => {
    const { user } = renderWithStore(<ExportImportMenu />, { wishlist: wishlist() });
    menuButton().focus();
    await user.keyboard('{Enter}');
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Export as CSV',
      'Export as JSON',
      'Import a file…',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Export as CSV' })).toHaveFocus(),
    );
    await user.keyboard('{End}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Import a file…' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('downloads the watchlist as a CSV or a JSON file named by the date', async () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 27, 9, 30), advanceTimers: true });
    const downloads = recordDownloads();
    const { user } = renderWithStore(<ExportImportMenu />, { wishlist: wishlist() });
    await user.click(menuButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    await user.click(menuButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Export as JSON' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(downloads.map(({ name }) => name)).toEqual([
      'token-portfolio-watchlist-2026-11-27.csv',
      'token-portfolio-watchlist-2026-11-27.json',
    ]);
    expect(await downloads[0]?.file.text()).toBe(
      'id,symbol,name,holdings\r\nethereum,eth,Ethereum,1.5\r\nsolana,sol,Solana,20\r\n',
    );
    expect(JSON.parse((await downloads[1]?.file.text()) ?? '')).toEqual({
      version: 1,
      tokens: [
        { id: 'ethereum', symbol: 'eth', name: 'Ethereum', holdings: '1.5' },
        { id: 'solana', symbol: 'sol', name: 'Solana', holdings: '20' },
      ],
    });
    expect(menuButton()).toHaveFocus();
    jest.useRealTimers();
  });

  it('imports a chosen file after its preview, and Undo puts the watchlist back', async () => {
    const { user, store } = renderWithStore(<ExportImportMenu />, { wishlist: wishlist() });
    const before = store.getState().wishlist;
    const click = jest.spyOn(fileInput(), 'click');
    await user.click(menuButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Import a file…' }));
    expect(click).toHaveBeenCalledTimes(1);

    const file = new File(['id,holdings\nethereum,3\ndogecoin,100\n'], 'mine.csv');
    await user.upload(fileInput(), file);
    const dialog = await screen.findByRole('dialog', { name: 'Import watchlist' });
    await screen.findByRole('region', { name: 'To add (1)' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(dialog).not.toBeInTheDocument();
    expect(store.getState().wishlist.ids).toEqual(['ethereum', 'solana', 'dogecoin']);
    expect(store.getState().wishlist.entities['ethereum']?.holdings).toBe('3');

    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Imported: 1 token added, holdings set for 1 token.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(store.getState().wishlist).toEqual(before);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(menuButton()).toHaveFocus();
    // A whole visit: the dialog's code loads, the file is read, two dispatches render.
  }, 15_000);

  it('offers Undo for 8 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { user } = renderWithStore(<ExportImportMenu />, { wishlist: wishlist() });
    await user.upload(fileInput(), new File(['id,holdings\nripple,1\n'], 'one.csv'));
    await screen.findByRole('region', { name: 'To add (1)' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
    act(() => jest.advanceTimersByTime(UNDO_OFFERED_MS));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    jest.useRealTimers();
  });
});
