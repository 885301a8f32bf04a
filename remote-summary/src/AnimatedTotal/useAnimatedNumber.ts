import { useEffect, useRef, useState } from 'react';

/** docs/product.md#numbers-and-limits: the total animates to each new value over 500 ms. */
export const TOTAL_ANIMATION_MS = 500;

const easeCubicOut = (t: number) => 1 - (1 - t) ** 3;

// Inline rather than d3-interpolate: one line, where the package would bring d3-color
// into the first paint (docs/decisions/0019).
const between = (from: number, to: number, t: number) => from + (to - from) * t;

function prefersReducedMotion(): boolean {
  // jsdom and some embedding pages have no matchMedia: animate then.
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The number to show while moving from the shown value to `target`. Starts at 0 so the
 * first total counts up from the empty portfolio. Frames come from requestAnimationFrame
 * looked up at run time (d3-timer binds it at import, out of reach of fake timers).
 */
export function useAnimatedNumber(target: number, durationMs = TOTAL_ANIMATION_MS): number {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? target : 0));
  // The value on screen, read when a new target interrupts a running animation.
  const shownRef = useRef(shown);

  useEffect(() => {
    const show = (value: number) => {
      shownRef.current = value;
      setShown(value);
    };
    const from = shownRef.current;
    if (from === target) return;
    if (prefersReducedMotion()) {
      show(target);
      return;
    }
    let start: number | null = null;
    let frame = requestAnimationFrame(function step(now) {
      start ??= now;
      const progress = Math.min(1, (now - start) / durationMs);
      show(progress === 1 ? target : between(from, target, easeCubicOut(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
