import { useRef, type MouseEvent, type PointerEvent } from 'react';

/**
 * Handlers for a modal's backdrop: a click closes only when the press both began and ended
 * on the backdrop itself. Selecting text in the dialog and releasing over the backdrop also
 * clicks it, and must not close.
 */
export function useBackdropDismiss(close: () => void) {
  const pressedOnBackdrop = useRef(false);
  const releasedOnBackdrop = useRef(false);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      pressedOnBackdrop.current = event.target === event.currentTarget;
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      releasedOnBackdrop.current = event.target === event.currentTarget;
    },
    onClick(event: MouseEvent<HTMLElement>) {
      const onBackdrop = pressedOnBackdrop.current && releasedOnBackdrop.current;
      pressedOnBackdrop.current = false;
      releasedOnBackdrop.current = false;
      if (onBackdrop && event.target === event.currentTarget) close();
    },
  };
}
