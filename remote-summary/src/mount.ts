import { createMount } from '@token-portfolio/shared/embed';
import PortfolioSummary from './PortfolioSummary';

/** Renders the widget into any element of any page: `mount(element, options) => unmount`. */
export const mount = createMount(PortfolioSummary);
export default mount;
