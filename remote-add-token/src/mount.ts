import type { MountWidget } from '@token-portfolio/widget-types';
import { createElementMount } from '@token-portfolio/shared/element-mount';

/**
 * The './mount' expose: `mount(element, options) => unmount` on any page. It renders
 * through embed.js's element, with a React of its own (docs/embedding.md).
 */
export const mount: MountWidget = createElementMount('addToken');
export default mount;
