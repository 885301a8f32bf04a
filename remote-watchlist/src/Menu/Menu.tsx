import { lazy, Suspense, useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import { css, type SerializedStyles } from '@emotion/react';
import type { MenuItem } from './MenuPopup';

export type { MenuItem } from './MenuPopup';

// Its own chunk, out of the first paint (docs/architecture.md#what-the-page-shares): the
// popup, its placing and its keys. Fetched once a menu button has shown, so the first open
// waits for no download.
const loadPopup = () => import('./MenuPopup');
const MenuPopup = lazy(loadPopup);

const container = css`
  position: relative;
  display: inline-block;
`;

interface MenuProps {
  /** The button's and the menu's accessible name. */
  label: string;
  /** What the button shows, and its look. */
  content: ReactNode;
  buttonCss: SerializedStyles;
  items: readonly MenuItem[];
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * A menu button, following the WAI-ARIA menu button pattern: opening focuses the first
 * item, arrows, Home and End move between items, Escape closes and returns focus to the
 * button, Tab and a click outside close it. Whoever opens it says when it is open (one row
 * menu open at a time).
 */
export function Menu({
  label,
  content,
  buttonCss,
  items,
  open,
  onToggle,
  onClose,
  buttonRef,
}: MenuProps) {
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void loadPopup();
  }, []);

  return (
    <div css={container} ref={containerRef}>
      <button
        type="button"
        css={buttonCss}
        ref={buttonRef}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onToggle}
      >
        {content}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuPopup
            id={menuId}
            label={label}
            items={items}
            anchorRef={containerRef}
            onClose={onClose}
          />
        </Suspense>
      )}
    </div>
  );
}
