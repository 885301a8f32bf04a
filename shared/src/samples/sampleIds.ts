/** The five coins a first visit starts with (SPEC section 1). */
export const SAMPLE_COIN_IDS = ['ethereum', 'binancecoin', 'ripple', 'solana', 'dogecoin'] as const;
