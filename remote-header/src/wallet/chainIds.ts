/** The chains of docs/product.md#numbers-and-limits; shared by the wallet config and the auth API. */
export const SUPPORTED_CHAIN_IDS = [1, 10, 137, 8453, 42161] as const;

/** The local development chain, added only when LOCAL_CHAIN_RPC_URL is configured. */
export const LOCAL_CHAIN_ID = 31337;
