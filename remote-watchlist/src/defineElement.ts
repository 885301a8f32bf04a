import { REMOTES, defineWidgetElement } from '@token-portfolio/shared';
import { mount } from './mount';

defineWidgetElement(REMOTES.watchlist.element, mount, { shadow: true });
