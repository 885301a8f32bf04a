import { defineWidgetElement } from '@token-portfolio/shared';
import { mount } from './mount';

// No shadow root: RainbowKit portals its dialogs to document.body, outside any shadow root.
defineWidgetElement('token-portfolio-header', mount, { shadow: false });
