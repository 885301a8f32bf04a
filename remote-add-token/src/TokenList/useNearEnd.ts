import { useEffect, useRef, type RefObject } from 'react';

/** How close the sentinel must come to the visible area to load the next page (docs/product.md#numbers-and-limits). */
export const NEAR_END_MARGIN = '0px 0px 400px 0px';

/**
 * Calls onNearEnd when the sentinel comes within 400 px of the scroll area's view.
 * `watch` changes (e.g. the row count) re-observe, so a sentinel that is still in
 * range after a page arrived asks for the next one too.
 */
export function useNearEnd(
  scrollArea: RefObject<HTMLElement | null>,
  sentinel: RefObject<HTMLElement | null>,
  onNearEnd: () => void,
  watch: unknown,
): void {
  const callback = useRef(onNearEnd);
  useEffect(() => {
    callback.current = onNearEnd;
  });
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { root: scrollArea.current, rootMargin: NEAR_END_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scrollArea, sentinel, watch]);
}
