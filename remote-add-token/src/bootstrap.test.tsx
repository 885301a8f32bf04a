import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupFixtureMarket } from '@token-portfolio/shared/testing';

setupFixtureMarket();

describe('the standalone page', () => {
  it("shows the modal at once and reopens it with 'Add Token'", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await act(async () => {
      await import('./bootstrap');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Token' });
    expect(await screen.findByRole('option', { name: 'Bitcoin (BTC)' })).toBeVisible();

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Token' }));
    expect(await screen.findByRole('dialog', { name: 'Add Token' })).toBeVisible();
  });
});
