import { useEffect, useRef } from 'react';

/** While a modal is mounted: Escape closes it, and the page behind it does not scroll. */
export function useModalEffects(close: () => void): void {
  // The latest close without re-running the effect (and re-locking the page) each render.
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestClose.current();
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, []);
}
