import { REMOTES } from '@token-portfolio/shared';
import { createMount, defineWidgetElement } from '@token-portfolio/shared/embed';
import Header from './Header';

// No shadow root: RainbowKit portals its dialogs to document.body, outside any shadow root.
defineWidgetElement(REMOTES.header.element, createMount(Header), { shadow: false });
