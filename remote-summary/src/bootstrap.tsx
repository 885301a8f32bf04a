import { renderStandalone } from '@token-portfolio/shared/standalone';
import PortfolioSummary from './PortfolioSummary';

void renderStandalone('summary', PortfolioSummary);
