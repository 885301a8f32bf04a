// The testing kit of every workspace: `@token-portfolio/shared/testing`. For jest only: lint
// keeps it out of production code, so no remote's build bundles it.
export { renderWithStore } from './renderWithStore';
export { setupFixtureMarket, FIXTURE_BASE_URL } from './fixtureMarket';
export { coinRecord } from './coinRecord';
export {
  ethereum,
  heldCoin,
  manyTokens,
  marketCoin,
  solana,
  watched,
  weekOfPrices,
  wishlistOf,
} from './coins';
export { FETCHED_AT, datedCoin, hoursBefore } from './datedCoins';
export { savedAndLoaded } from './savedWishlist';
