import { REMOTES } from '@token-portfolio/shared';
import { defineWidgetElement } from '@token-portfolio/shared/embed';
import { mount } from './mount';

// No shadow root: RainbowKit portals its dialogs to document.body, outside any shadow root.
defineWidgetElement(REMOTES.header.element, mount, { shadow: false });
