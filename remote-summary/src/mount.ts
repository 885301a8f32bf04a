import { createElementMount } from '@token-portfolio/shared/element-mount';

/** Where this container was loaded from: embed.js sits beside it. */
declare const __webpack_public_path__: string;

/**
 * The './mount' expose: `mount(element, options) => unmount` on any page. It renders
 * through embed.js's element, with a React of its own (docs/embedding.md).
 */
export const mount = createElementMount(
  'summary',
  () => new URL('embed.js', __webpack_public_path__).href,
);
export default mount;
