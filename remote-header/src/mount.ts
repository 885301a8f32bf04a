import { createMount } from '@token-portfolio/shared/embed';
import Header from './Header';

/** Renders the widget into any element of any page: `mount(element, options) => unmount`. */
export const mount = createMount(Header);
export default mount;
