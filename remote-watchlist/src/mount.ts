import { createMount } from '@token-portfolio/shared/embed';
import Watchlist from './Watchlist';

/** Renders the widget into any element of any page: `mount(element, options) => unmount`. */
export const mount = createMount(Watchlist);
export default mount;
