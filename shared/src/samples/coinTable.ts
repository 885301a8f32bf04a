import { row, type CoinRow } from './coinRow';
import { SAMPLE_ROWS } from './sampleRows';

/**
 * The coins the first-visit samples and the fixture API know, with mid-October-2025-like
 * prices, market caps and 24h changes (both signs; tether is exactly 0). Everything else
 * is derived from these.
 */
export const COIN_TABLE: readonly CoinRow[] = [
  row('bitcoin', 'btc', 'Bitcoin', 111_234.56, 2_216_000_000_000, -1.84, '#f7931a'),
  SAMPLE_ROWS.ethereum.row,
  row('tether', 'usdt', 'Tether', 1.0, 180_700_000_000, 0, '#26a17b'),
  SAMPLE_ROWS.binancecoin.row,
  SAMPLE_ROWS.ripple.row,
  SAMPLE_ROWS.solana.row,
  row('usd-coin', 'usdc', 'USDC', 0.9998, 76_100_000_000, 0.01, '#2775ca'),
  row('staked-ether', 'steth', 'Lido Staked Ether', 3_984.9, 33_900_000_000, -2.41, '#00a3ff'),
  SAMPLE_ROWS.dogecoin.row,
  row('tron', 'trx', 'TRON', 0.3187, 30_200_000_000, 0.42, '#ff060a'),
  row('cardano', 'ada', 'Cardano', 0.6843, 24_900_000_000, -2.91, '#0033ad'),
  row('chainlink', 'link', 'Chainlink', 18.21, 12_300_000_000, -4.02, '#2a5ada'),
  row('hyperliquid', 'hype', 'Hyperliquid', 38.44, 12_900_000_000, 5.27, '#97fce4'),
  row('ethena-usde', 'usde', 'Ethena USDe', 1.0004, 12_800_000_000, -0.02, '#111111'),
  row('stellar', 'xlm', 'Stellar', 0.3312, 10_600_000_000, -1.77, '#14b6e7'),
  row('sui', 'sui', 'Sui', 2.71, 9_800_000_000, -5.14, '#4da2ff'),
  row('bitcoin-cash', 'bch', 'Bitcoin Cash', 512.3, 10_200_000_000, 1.09, '#8dc351'),
  row('avalanche-2', 'avax', 'Avalanche', 21.56, 9_100_000_000, -3.28, '#e84142'),
  row('hedera-hashgraph', 'hbar', 'Hedera', 0.1752, 7_400_000_000, -2.05, '#222222'),
  row('litecoin', 'ltc', 'Litecoin', 93.17, 7_100_000_000, 0.86, '#345d9d'),
  row('leo-token', 'leo', 'LEO Token', 9.58, 8_800_000_000, 0.33, '#1c1c1c'),
  row('shiba-inu', 'shib', 'Shiba Inu', 0.00001034, 6_090_000_000, -2.64, '#ffa409'),
  row('the-open-network', 'ton', 'Toncoin', 2.22, 5_600_000_000, -0.91, '#0098ea'),
  row('monero', 'xmr', 'Monero', 318.45, 5_870_000_000, 2.44, '#ff6600'),
  row('polkadot', 'dot', 'Polkadot', 3.07, 4_970_000_000, -3.9, '#e6007a'),
  row('mantle', 'mnt', 'Mantle', 1.98, 6_400_000_000, 7.81, '#000000'),
  row('dai', 'dai', 'Dai', 0.9997, 4_600_000_000, -0.01, '#f5ac37'),
  row('uniswap', 'uni', 'Uniswap', 6.54, 4_110_000_000, -4.45, '#ff007a'),
  row('bittensor', 'tao', 'Bittensor', 402.16, 3_860_000_000, 6.02, '#000000'),
  row('aave', 'aave', 'Aave', 236.9, 3_610_000_000, -1.33, '#b6509e'),
  row('pepe', 'pepe', 'Pepe', 0.00000721, 3_030_000_000, -6.18, '#3d9e38'),
  row('near', 'near', 'NEAR Protocol', 2.28, 2_900_000_000, -2.2, '#00c08b'),
  row('okb', 'okb', 'OKB', 178.5, 3_740_000_000, 1.91, '#2d60e0'),
  row('internet-computer', 'icp', 'Internet Computer', 3.55, 1_910_000_000, -0.74, '#29abe2'),
  row('ethereum-classic', 'etc', 'Ethereum Classic', 15.62, 2_400_000_000, -1.58, '#328332'),
  row('aptos', 'apt', 'Aptos', 3.33, 2_330_000_000, -4.71, '#000000'),
  row('ondo-finance', 'ondo', 'Ondo', 0.7312, 2_310_000_000, -3.05, '#1a1a2e'),
  row('polygon-ecosystem-token', 'pol', 'POL (ex-MATIC)', 0.1923, 2_030_000_000, -2.86, '#8247e5'),
  row('arbitrum', 'arb', 'Arbitrum', 0.3275, 1_770_000_000, -3.47, '#28a0f0'),
  row('cosmos', 'atom', 'Cosmos Hub', 3.21, 1_520_000_000, -1.12, '#2e3148'),
  row('filecoin', 'fil', 'Filecoin', 1.67, 1_170_000_000, -2.95, '#0090ff'),
  row('render-token', 'render', 'Render', 2.59, 1_340_000_000, 4.63, '#e21c1c'),
  row('algorand', 'algo', 'Algorand', 0.1867, 1_640_000_000, -1.69, '#000000'),
  row('optimism', 'op', 'Optimism', 0.4589, 820_000_000, -4.18, '#ff0420'),
  row('the-graph', 'grt', 'The Graph', 0.0721, 760_000_000, 2.15, '#6747ed'),
];

export { SAMPLE_COIN_IDS } from './sampleIds';
export type { CoinRow } from './coinRow';
