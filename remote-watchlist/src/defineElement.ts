import { defineWidgetElement } from '@token-portfolio/shared';
import { mount } from './mount';

defineWidgetElement('token-portfolio-watchlist', mount, { shadow: true });
