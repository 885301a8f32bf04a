import { renderStandalone } from '@token-portfolio/shared';
import PortfolioSummary from './PortfolioSummary';

renderStandalone(PortfolioSummary);
