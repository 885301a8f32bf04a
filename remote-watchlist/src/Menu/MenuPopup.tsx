import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

// Fixed, placed from the button's box: the table scrolls inside its own container,
// which would clip an absolutely placed menu on the last rows.
const menu = css`
  position: fixed;
  z-index: 10;
  min-width: 168px;
  margin: 0;
  padding: 4px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surfaceRaised};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
  text-align: left;
`;

const item = css`
  ${theme.row};
  gap: 8px;
  width: 100%;
  padding: 8px 10px;
  border: 0;
  border-radius: 4px;
  background: transparent;
  color: ${theme.color.text};
  font: inherit;
  font-size: 14px;
  text-align: left;
  white-space: nowrap;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${theme.color.hover};
    outline: none;
  }
`;

const dangerItem = css`
  ${item};
  color: ${theme.color.loss};
`;

/** Below the button, right-aligned with it; above it when there is no room below. */
function placeMenu(anchor: HTMLElement | null, menuElement: HTMLElement | null) {
  if (!anchor || !menuElement) return;
  const box = anchor.getBoundingClientRect();
  const below = box.bottom + 4;
  const fitsBelow = below + menuElement.offsetHeight <= window.innerHeight;
  menuElement.style.top = `${fitsBelow ? below : Math.max(4, box.top - 4 - menuElement.offsetHeight)}px`;
  menuElement.style.left = `${Math.max(4, box.right - menuElement.offsetWidth)}px`;
}

export interface MenuItem {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  /** Shown in the loss colour (Remove). */
  danger?: boolean;
}

interface MenuPopupProps {
  id: string;
  label: string;
  items: readonly MenuItem[];
  /** The menu button's container: the popup is placed from it, and a click outside it closes. */
  anchorRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}

/** The open menu (Menu.tsx): mounted on open, so its effects run as it opens. */
export default function MenuPopup({ id, label, items, anchorRef, onClose }: MenuPopupProps) {
  const menuRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const place = () => placeMenu(anchorRef.current, menuRef.current);
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchorRef]);

  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      // composedPath: inside a shadow root (the embedded widget) target is the host.
      const container = anchorRef.current;
      if (container && !event.composedPath().includes(container)) onClose();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [anchorRef, onClose]);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const elements = [
      ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const current = elements.indexOf(event.target as HTMLElement);
    const last = elements.length - 1;
    const next: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target !== undefined) {
      event.preventDefault();
      elements[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      anchorRef.current?.querySelector('button')?.focus();
    } else if (event.key === 'Tab') {
      onClose();
    }
  }

  return (
    <div id={id} ref={menuRef} css={menu} role="menu" aria-label={label} onKeyDown={moveFocus}>
      {items.map(({ label: itemLabel, icon, onSelect, danger }) => (
        <button
          key={itemLabel}
          type="button"
          role="menuitem"
          tabIndex={-1}
          css={danger ? dangerItem : item}
          onClick={onSelect}
        >
          {icon}
          {itemLabel}
        </button>
      ))}
    </div>
  );
}
