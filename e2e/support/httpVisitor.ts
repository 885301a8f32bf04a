import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

// A throwaway key made for the tests; it guards nothing real.
const account = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);

/**
 * A visitor without a browser: its cookies, its address (X-Forwarded-For, for servers that
 * trust our proxy) and the site's origin its requests come from, whichever server it asks.
 */
export class HttpVisitor {
  readonly #cookies = new Map<string, string>();

  constructor(
    readonly siteOrigin: string,
    readonly address = '198.51.100.7',
  ) {}

  async get(url: string): Promise<Response> {
    return this.#send(url, {});
  }

  async post(url: string, body?: unknown): Promise<Response> {
    return this.#send(url, {
      method: 'POST',
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
  }

  /** Signs in with Ethereum through `server` (a server's or the proxy's URL). */
  async signIn(server: string): Promise<Response> {
    const nonce = await this.get(`${server}api/auth/nonce`);
    if (!nonce.ok) return nonce;
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: new URL(this.siteOrigin).host,
      nonce: ((await nonce.json()) as { nonce: string }).nonce,
      uri: `${this.siteOrigin}/`,
      version: '1',
      issuedAt: new Date(),
    });
    const signature = await account.signMessage({ message });
    return this.post(`${server}api/auth/verify`, { message, signature });
  }

  /** The address the session names, null when signed out; throws on any other answer. */
  async signedInAs(server: string): Promise<string | null> {
    const response = await this.get(`${server}api/auth/session`);
    if (!response.ok) throw new Error(`GET /api/auth/session answered ${response.status}`);
    return ((await response.json()) as { address: string | null }).address;
  }

  get accountAddress(): string {
    return account.address;
  }

  async #send(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        origin: this.siteOrigin,
        'x-forwarded-for': this.address,
        ...(cookie ? { cookie } : {}),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) {
        this.#cookies.delete(name);
      } else {
        this.#cookies.set(name, value);
      }
    }
    return response;
  }
}
