import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { theme } from '@token-portfolio/shared';

/** RainbowKit's sign-in button ('Sign message'), in its dialog. */
const SIGN_IN_BUTTON = '[data-testid="rk-auth-message-button"]';

const notice = css`
  margin: 0 0 12px;
  max-width: 280px;
  color: ${theme.color.text};
  font-size: 14px;
  line-height: 1.4;
  text-align: center;
`;

/** Whole seconds from now until `until`, at least 1. */
const secondsUntil = (until: number) => Math.max(1, Math.ceil((until - Date.now()) / 1000));

/**
 * Inside RainbowKit's sign-in dialog, above its button: why the button waits when the
 * server refused a nonce for now (too many attempts from this network), and when the
 * nonce will be asked for again (the button then works). RainbowKit offers no place of its own for this, so
 * the text goes beside its button while that is on the page.
 */
export function NonceWaitNotice({ until }: { until: number | null }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (until === null) return;
    let placed: HTMLElement | null = null;
    const place = () => {
      const button = document.querySelector(SIGN_IN_BUTTON);
      if (!button?.parentElement || placed?.isConnected) return;
      placed = document.createElement('div');
      button.parentElement.insertBefore(placed, button);
      setSlot(placed);
    };
    place();
    // The dialog opens (and reopens) after the refusal: placed whenever its button appears.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      placed?.remove();
      setSlot(null);
    };
  }, [until]);

  if (until === null || slot === null || !slot.isConnected) return null;
  return createPortal(
    <p css={notice} role="status">
      Too many sign-in attempts from your network. Signing in will be possible again in{' '}
      {secondsUntil(until)} s.
    </p>,
    slot,
  );
}
