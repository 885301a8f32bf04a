import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewDialog } from './ReviewDialog';

function renderDialog() {
  const onClose = jest.fn();
  const opener = document.createElement('button');
  opener.textContent = 'Open';
  document.body.append(opener);
  opener.focus();
  const rendered = render(
    <ReviewDialog title="Review" intro={<>What it is about.</>} onClose={onClose}>
      <button type="button">Cancel</button>
      <button type="button">Apply</button>
    </ReviewDialog>,
  );
  return { ...rendered, onClose, opener, user: userEvent.setup() };
}

afterEach(() => document.body.replaceChildren());

describe('ReviewDialog', () => {
  it('is a modal dialog named by its title, described by its intro, holding the focus', async () => {
    const { user, opener, unmount } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('What it is about.');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    unmount();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and on a click on the backdrop, not on one inside', async () => {
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
