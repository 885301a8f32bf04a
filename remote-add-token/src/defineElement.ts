import { defineWidgetElement } from '@token-portfolio/shared';
import { mount } from './mount';

defineWidgetElement('token-portfolio-add-token', mount, { shadow: true });
