/**
 * A widget mounted on its own: `mount()` and the custom element of embed.js
 * (docs/decisions/0003). An entry of its own (`@token-portfolio/shared/embed`), shared
 * like the core, so the composed page, which mounts no widget this way, loads it only
 * when asked to (docs/decisions/0025). It reaches the core through the package, never by
 * relative path: the page has one core, and a copy here would configure a market that no
 * widget reads.
 */
export { createMount } from './mount';
export type { ReactMount, ReactMountOptions } from './mount';
export { defineWidgetElement } from './defineWidgetElement';
