import { REMOTES } from '@token-portfolio/shared';
import { createMount, defineWidgetElement } from '@token-portfolio/shared/embed';
import Watchlist from './Watchlist';

defineWidgetElement(REMOTES.watchlist.element, createMount(Watchlist), { shadow: true });
