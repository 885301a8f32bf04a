import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { css } from '@emotion/react';
import { iconButton, theme } from '@token-portfolio/shared';
import { EditIcon, MoreIcon, TrashIcon } from '../Icons/Icons';

const container = css`
  position: relative;
  display: inline-block;
`;

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
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${theme.color.hover};
    outline: none;
  }
`;

const removeItem = css`
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

interface RowMenuProps {
  /** The token's display name: the button is 'Actions for <name>'. */
  tokenName: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** Every row offers it, a loading one too (docs/product.md#the-screen). */
  onEdit: () => void;
  onRemove: () => void;
  /** The menu button, so the row can return focus to it. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * A row's actions, following the WAI-ARIA menu button pattern: opening focuses the first
 * item, arrows move between items, Escape closes and returns focus to the button, Tab
 * and a click outside close it.
 */
export function RowMenu({
  tokenName,
  open,
  onToggle,
  onClose,
  onEdit,
  onRemove,
  buttonRef,
}: RowMenuProps) {
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => placeMenu(containerRef.current, menuRef.current);
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      // composedPath: inside a shadow root (the embedded widget) target is the host.
      const container = containerRef.current;
      if (container && !event.composedPath().includes(container)) onClose();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, onClose]);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(event.target as HTMLElement);
    const last = items.length - 1;
    const next: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target !== undefined) {
      event.preventDefault();
      items[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      containerRef.current?.querySelector('button')?.focus();
    } else if (event.key === 'Tab') {
      onClose();
    }
  }

  return (
    <div css={container} ref={containerRef}>
      <button
        type="button"
        css={iconButton}
        ref={buttonRef}
        aria-label={`Actions for ${tokenName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onToggle}
      >
        <MoreIcon />
      </button>
      {open && (
        <div
          id={menuId}
          ref={menuRef}
          css={menu}
          role="menu"
          aria-label={`Actions for ${tokenName}`}
          onKeyDown={moveFocus}
        >
          <button type="button" role="menuitem" tabIndex={-1} css={item} onClick={onEdit}>
            <EditIcon />
            Edit Holdings
          </button>
          <button type="button" role="menuitem" tabIndex={-1} css={removeItem} onClick={onRemove}>
            <TrashIcon />
            Remove
          </button>
        </div>
      )}
    </div>
  );
}
