import { REMOTES } from '@token-portfolio/shared';
import { defineWidgetElement } from '@token-portfolio/shared/embed';
import { mount } from './mount';

defineWidgetElement(REMOTES.summary.element, mount, { shadow: true });
