import { screen, waitFor } from '@testing-library/react';
import { ethereum, solana, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { renderTable } from '../testing/renderTable';

const twoTokens = () => wishlistOf(watched(ethereum, '1'), watched(solana, '2'));
const menuButton = (token: string) => screen.getByRole('button', { name: `Actions for ${token}` });

describe('the row menu', () => {
  it('opens with Edit Holdings and Remove, focused on the first item', async () => {
    const { user } = renderTable(twoTokens());
    expect(menuButton('Ethereum')).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton('Ethereum'));
    expect(menuButton('Ethereum')).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('menu', { name: 'Actions for Ethereum' });
    expect(menu).toBeVisible();
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Edit Holdings',
      'Remove',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit Holdings' })).toHaveFocus(),
    );
  });

  it('keeps one menu open at a time', async () => {
    const { user } = renderTable(twoTokens());
    await user.click(menuButton('Ethereum'));
    await user.click(menuButton('Solana'));
    expect(await screen.findAllByRole('menu')).toHaveLength(1);
    expect(await screen.findByRole('menu', { name: 'Actions for Solana' })).toBeVisible();
  });

  it('closes on its button, on a click outside and on Escape (focus back on the button)', async () => {
    const { user } = renderTable(twoTokens());
    await user.click(menuButton('Ethereum'));
    await user.click(menuButton('Ethereum'));
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(menuButton('Ethereum'));
    await user.click(screen.getByRole('columnheader', { name: 'Price' }));
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(menuButton('Ethereum'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton('Ethereum')).toHaveFocus();
  });

  it('works from the keyboard: Enter opens, arrows move, Enter picks', async () => {
    const { user, store } = renderTable(twoTokens());
    menuButton('Solana').focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit Holdings' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit Holdings' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(store.getState().wishlist.ids).toEqual(['ethereum']);
    expect(screen.queryByRole('row', { name: /Solana/ })).toBeNull();
  });

  it('closes when Tab leaves it', async () => {
    const { user } = renderTable(twoTokens());
    await user.click(menuButton('Ethereum'));
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
