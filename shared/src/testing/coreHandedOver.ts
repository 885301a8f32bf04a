// Imported first by a test of the saved watchlist's code: the page hands the core's parts over
// before it fetches that code (walletWatchlist/coreHandover.ts); a test imports it directly.
import { coreForSync } from '../walletWatchlist/coreForSync';
import { handOverCore } from '../walletWatchlist/coreHandover';

handOverCore(coreForSync);
