import { REMOTES } from '@token-portfolio/shared';
import { createMount, defineWidgetElement } from '@token-portfolio/shared/embed';
import PortfolioSummary from './PortfolioSummary';

defineWidgetElement(REMOTES.summary.element, createMount(PortfolioSummary), { shadow: true });
