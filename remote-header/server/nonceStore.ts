import { generateSiweNonce } from 'viem/siwe';

/** How long an issued nonce may be used to sign in. */
export const NONCE_TTL_MS = 5 * 60_000;
/** Bounds memory if someone requests nonces in a loop. */
const MAX_OPEN_NONCES = 10_000;

/**
 * Issued nonces, each valid once until it expires. In memory: the composed server is one
 * process, and a restart only means pending sign-ins ask for a new nonce.
 */
export class NonceStore {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): string {
    this.dropExpired();
    if (this.expiries.size >= MAX_OPEN_NONCES) {
      const oldest = this.expiries.keys().next().value;
      if (oldest !== undefined) this.expiries.delete(oldest);
    }
    const nonce = generateSiweNonce();
    this.expiries.set(nonce, this.now() + NONCE_TTL_MS);
    return nonce;
  }

  /** True once for an issued, unexpired nonce; false ever after. */
  consume(nonce: string): boolean {
    const expiry = this.expiries.get(nonce);
    this.expiries.delete(nonce);
    return expiry !== undefined && expiry > this.now();
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [nonce, expiry] of this.expiries) if (expiry <= now) this.expiries.delete(nonce);
  }
}
