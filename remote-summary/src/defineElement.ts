import { REMOTES, defineWidgetElement } from '@token-portfolio/shared';
import { mount } from './mount';

defineWidgetElement(REMOTES.summary.element, mount, { shadow: true });
