import { REMOTES, defineWidgetElement } from '@token-portfolio/shared';
import { mount } from './mount';

defineWidgetElement(REMOTES.addToken.element, mount, { shadow: true });
