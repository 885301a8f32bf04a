import { screen } from '@testing-library/react';
import { ethereum, solana, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { renderTable } from '../testing/renderTable';

const twoTokens = () => wishlistOf(watched(ethereum, '1.5'), watched(solana, '2'));
const holdingsInput = (token: string) =>
  screen.getByRole('spinbutton', { name: `Holdings of ${token}` });

async function startEditing(user: ReturnType<typeof renderTable>['user'], token: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${token}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit Holdings' }));
  // The editor's code loads on the first edit.
  await screen.findByRole('spinbutton', { name: `Holdings of ${token}` });
}

describe('editing holdings', () => {
  it('loads the holdings into a focused number input with any step, and closes the menu', async () => {
    const { user } = renderTable(twoTokens());
    await startEditing(user, 'Ethereum');
    const input = holdingsInput('Ethereum');
    expect(input).toHaveValue(1.5);
    expect(input).toHaveAttribute('step', 'any');
    expect(input).not.toHaveAttribute('min');
    expect(input).not.toHaveAttribute('max');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('commits on Enter: the value follows and editing ends, focus back on the menu button', async () => {
    const { user, store } = renderTable(twoTokens());
    await startEditing(user, 'Ethereum');
    await user.clear(holdingsInput('Ethereum'));
    await user.type(holdingsInput('Ethereum'), '0.25{Enter}');
    expect(store.getState().wishlist.entities['ethereum']?.holdings).toBe('0.25');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    const row = screen.getByRole('row', { name: /^Ethereum/ });
    expect(row).toHaveTextContent('0.25');
    expect(row).toHaveTextContent('$1,000.13');
    expect(screen.getByRole('button', { name: 'Actions for Ethereum' })).toHaveFocus();
  });

  it('commits on Save', async () => {
    const { user, store } = renderTable(twoTokens());
    await startEditing(user, 'Solana');
    await user.clear(holdingsInput('Solana'));
    await user.type(holdingsInput('Solana'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(store.getState().wishlist.entities['solana']?.value).toBeCloseTo(1901.2);
    expect(screen.getByRole('row', { name: /^Solana/ })).toHaveTextContent('$1,901.20');
  });

  it('resets the text on Escape and keeps editing', async () => {
    const { user, store } = renderTable(twoTokens());
    await startEditing(user, 'Ethereum');
    await user.type(holdingsInput('Ethereum'), '99');
    expect(holdingsInput('Ethereum')).toHaveValue(1.599);
    await user.keyboard('{Escape}');
    expect(holdingsInput('Ethereum')).toHaveValue(1.5);
    expect(holdingsInput('Ethereum')).toHaveFocus();
    expect(store.getState().wishlist.entities['ethereum']?.holdings).toBe('1.5');
  });

  it('counts an emptied amount as 0', async () => {
    const { user } = renderTable(twoTokens());
    await startEditing(user, 'Ethereum');
    await user.clear(holdingsInput('Ethereum'));
    await user.keyboard('{Enter}');
    const row = screen.getByRole('row', { name: /^Ethereum/ });
    expect(row).toHaveTextContent('$0.00');
  });

  it('is dropped, uncommitted, when a menu opens', async () => {
    const { user, store } = renderTable(twoTokens());
    await startEditing(user, 'Ethereum');
    await user.type(holdingsInput('Ethereum'), '7');
    await user.click(screen.getByRole('button', { name: 'Actions for Solana' }));
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(store.getState().wishlist.entities['ethereum']?.holdings).toBe('1.5');
  });

  it('ends when the token being edited is removed', async () => {
    const { user, store } = renderTable(twoTokens());
    await startEditing(user, 'Ethereum');
    await user.click(screen.getByRole('button', { name: 'Actions for Ethereum' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(store.getState().wishlist.ids).toEqual(['solana']);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
