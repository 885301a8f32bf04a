import { REMOTES } from '@token-portfolio/shared';
import { createMount, defineWidgetElement } from '@token-portfolio/shared/embed';
import AddTokenModal from './AddTokenModal';

defineWidgetElement(REMOTES.addToken.element, createMount(AddTokenModal), { shadow: true });
