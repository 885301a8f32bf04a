import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { HOUR_MS } from '@token-portfolio/shared';

const DAY_MS = 24 * HOUR_MS;

interface ChartCursorOptions {
  count: number;
  stepMs: number;
  /** The point nearest to a position given as a share of the chart's width (0 to 1). */
  nearestAt: (share: number) => number;
}

/**
 * Which point the chart points at: moved by the pointer and, like a slider, by the keys
 * (arrows one point, Page Up/Down a day, Home/End the ends). null when nobody looks.
 */
export function useChartCursor({ count, stepMs, nearestAt }: ChartCursorOptions) {
  const [index, setIndex] = useState<number | null>(null);
  const last = count - 1;
  // The data may shrink under the cursor (a coin removed): stay on a point that exists.
  const active = index === null ? null : Math.min(index, last);
  const clamp = (to: number) => Math.max(0, Math.min(last, to));
  const pointAt = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return box.width > 0 ? nearestAt((event.clientX - box.left) / box.width) : last;
  };

  const handlers = {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const from = active ?? last;
      const day = Math.max(1, Math.round(DAY_MS / stepMs));
      const moves: Record<string, number> = {
        ArrowLeft: from - 1,
        ArrowDown: from - 1,
        ArrowRight: from + 1,
        ArrowUp: from + 1,
        PageDown: from - day,
        PageUp: from + day,
        Home: 0,
        End: last,
      };
      const to = moves[event.key];
      if (to === undefined) return;
      event.preventDefault();
      setIndex(clamp(to));
    },
    onFocus() {
      setIndex((current) => current ?? last);
    },
    onBlur() {
      setIndex(null);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      setIndex(clamp(pointAt(event)));
    },
    onPointerDown(event: PointerEvent<HTMLElement>) {
      setIndex(clamp(pointAt(event)));
    },
    onPointerLeave(event: PointerEvent<HTMLElement>) {
      // A focused chart keeps its point for the keyboard (':focus' also holds in a shadow root).
      if (!event.currentTarget.matches(':focus')) setIndex(null);
    },
  };
  return { active, handlers };
}
