/** A map from a domain of values onto a range of pixels, and back. */
export interface LinearScale {
  (value: number): number;
  /** The value drawn at a position. */
  invert(position: number): number;
}

/**
 * A straight-line map of [d0, d1] onto [r0, r1]; a flat domain maps to the middle of the
 * range and a flat range inverts to the middle of the domain, as d3's scales do. Our own, not d3-scale's scaleLinear: ours only ever map and
 * invert, and scaleLinear brings d3-interpolate, d3-color and d3-format (for interpolating
 * colours and formatting ticks) into the first paint: about 9 KB gzip
 * (docs/decisions/0019).
 */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): LinearScale {
  const span = d1 - d0;
  const scale = (value: number) =>
    span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0);
  scale.invert = (position: number) =>
    r1 === r0 ? (d0 + d1) / 2 : d0 + ((position - r0) / (r1 - r0)) * span;
  return scale;
}
