import { REMOTES } from '@token-portfolio/shared';
import { defineWidgetElement } from '@token-portfolio/shared/embed';
import { mount } from './mount';

defineWidgetElement(REMOTES.watchlist.element, mount, { shadow: true });
