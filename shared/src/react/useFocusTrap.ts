import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The element that has focus, looking inside (open) shadow roots: on a page that embeds the
 * widgets, document.activeElement is only the custom element around the focused button.
 */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Moves focus to `initialFocus` on mount, keeps Tab and Shift+Tab inside the container,
 * and gives focus back to whatever had it before (the button that opened the dialog) on unmount.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  initialFocus: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const opener = deepActiveElement();
    initialFocus.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      const root = container.current;
      if (event.key !== 'Tab' || !root) return;
      const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      // Inside a shadow root (the custom element) document.activeElement is the host.
      const active = (root.getRootNode() as Document | ShadowRoot).activeElement;
      // The container itself may hold focus (a dialog focused while its content loads).
      if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [container, initialFocus]);
}
