/**
 * A widget mounted on its own: `mount()` and the custom element of embed.js
 * (docs/architecture.md#a-widget-on-someone-elses-page). An entry of its own
 * (`@token-portfolio/shared/embed`, docs/architecture.md#what-the-page-shares), so the composed
 * page, which mounts no widget this way, loads it only through a remote's embed.js, when
 * something calls a widget's mount(). It reaches the core through the package, never by
 * relative path: the page has one core, and a copy here would configure a market that no
 * widget reads.
 */
export { createMount } from './mount';
export type { ReactMount, ReactMountOptions } from './mount';
export { defineWidgetElement } from './defineWidgetElement';
