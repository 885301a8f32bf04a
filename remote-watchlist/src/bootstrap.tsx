import { renderStandalone } from '@token-portfolio/shared/standalone';
import Watchlist from './Watchlist';

// Its Add Token opens the add-token widget, loaded beside it when the page's config names it.
void renderStandalone('watchlist', Watchlist, { companions: ['addToken'] });
