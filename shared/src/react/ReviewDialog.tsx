import { useId, useRef, type ReactNode } from 'react';
import { modalBackdrop, reviewHead, reviewPanel } from './modalStyles';
import { useBackdropDismiss } from './useBackdropDismiss';
import { useFocusTrap } from './useFocusTrap';
import { useModalEffects } from './useModalEffects';

interface ReviewDialogProps {
  title: string;
  /** What the dialog is about, under the title: its accessible description. */
  intro: ReactNode;
  /** Escape, a click on the backdrop, or the dialog's own Cancel. */
  onClose: () => void;
  /** The body and the footer (reviewForm, reviewBody, reviewFooter). */
  children: ReactNode;
}

/**
 * A modal dialog of a list to review and apply ('Wallet balances', 'Import watchlist'):
 * focus moves into it and comes back to the opener, Tab stays inside, Escape or a click on
 * the backdrop closes it, and the page behind does not scroll.
 */
export function ReviewDialog({ title, intro, onClose, children }: ReviewDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const introId = useId();
  useFocusTrap(panelRef, panelRef);
  useModalEffects(onClose);
  const backdropHandlers = useBackdropDismiss(onClose);
  return (
    <div css={modalBackdrop} {...backdropHandlers}>
      <div
        css={reviewPanel}
        ref={panelRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
      >
        <div css={reviewHead}>
          <h2 id={titleId}>{title}</h2>
          <p id={introId}>{intro}</p>
        </div>
        {children}
      </div>
    </div>
  );
}
