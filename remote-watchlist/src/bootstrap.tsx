import { renderStandalone } from '@token-portfolio/shared/standalone';
import Watchlist from './Watchlist';

void renderStandalone(Watchlist);
