/**
 * The market-data platform id of the local development chain (31337). CoinGecko has no
 * such platform: only the fixture market API lists contracts under it, so on a local chain
 * the wallet-balances dialog finds the fixture tokens the browser tests deploy there.
 */
export const LOCAL_CHAIN_PLATFORM_ID = 'token-portfolio-local-chain';
