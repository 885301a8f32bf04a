import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFocusTrap } from './useFocusTrap';

function Trap({ onClose }: { onClose: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  useFocusTrap(container, first);
  return (
    <div ref={container}>
      <input ref={first} aria-label="Search" />
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(true);
  return open ? <Trap onClose={() => setOpen(false)} /> : null;
}

describe('useFocusTrap', () => {
  it('gives focus back to an opener inside another shadow root', async () => {
    const widget = document.createElement('div');
    document.body.append(widget);
    const opener = document.createElement('button');
    opener.textContent = 'Add Token';
    widget.attachShadow({ mode: 'open' }).append(opener);
    opener.focus();

    const user = userEvent.setup();
    render(<Page />);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(widget.shadowRoot?.activeElement).toBe(opener);
    widget.remove();
  });

  it('keeps Shift+Tab inside when the container itself has focus', async () => {
    function FocusedPanel() {
      const panel = useRef<HTMLDivElement>(null);
      useFocusTrap(panel, panel);
      return (
        <div ref={panel} tabIndex={-1} aria-label="Panel">
          <button type="button">First</button>
          <button type="button">Last</button>
        </div>
      );
    }
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <FocusedPanel />
      </>,
    );
    expect(screen.getByLabelText('Panel')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
  });
});
