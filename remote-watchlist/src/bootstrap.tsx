import { renderStandalone } from '@token-portfolio/shared';
import Watchlist from './Watchlist';

renderStandalone(Watchlist);
