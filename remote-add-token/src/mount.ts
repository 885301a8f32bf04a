import { createMount } from '@token-portfolio/shared/embed';
import AddTokenModal from './AddTokenModal';

/** Renders the widget into any element of any page: `mount(element, options) => unmount`. */
export const mount = createMount(AddTokenModal);
export default mount;
