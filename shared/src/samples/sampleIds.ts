/** The five coins a first visit starts with (docs/product.md#sample-coins). */
export const SAMPLE_COIN_IDS = ['ethereum', 'binancecoin', 'ripple', 'solana', 'dogecoin'] as const;

export type SampleCoinId = (typeof SAMPLE_COIN_IDS)[number];
