// A browser as the server sees it, for tests over real HTTP: its cookie jar, the headers a
// same-origin page sends, Sign-In with Ethereum with a test key, and an event stream reader.
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

/** Hardhat's well-known test keys: they guard nothing real. */
export const testAccounts = {
  alice: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaa0d06b14e4f9e2b'),
  bob: privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
};

export interface StreamedEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/** Reads a text/event-stream answer event by event (fields as EventSource parses them). */
export class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  /** The retry (ms) the stream set, and the comment lines seen (heartbeats). */
  retry: number | null = null;
  comments: string[] = [];

  constructor(readonly response: Response) {
    if (!response.body) throw new Error('no body');
    this.#reader = response.body.getReader();
  }

  /** The next event with data, or 'end' when the server ended the stream. */
  async next(): Promise<StreamedEvent | 'end'> {
    for (;;) {
      const at = this.#buffer.indexOf('\n\n');
      if (at !== -1) {
        const block = this.#buffer.slice(0, at);
        this.#buffer = this.#buffer.slice(at + 2);
        const event = this.#parse(block);
        if (event) return event;
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) return 'end';
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
  }

  #parse(block: string): StreamedEvent | null {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line);
      const [field = '', ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry') this.retry = Number(value);
    }
    return data.length === 0 ? null : { event, id, data: JSON.parse(data.join('\n')) as unknown };
  }

  async close(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}

/** One browser on one origin: keeps the session cookie; sends what a same-origin page sends. */
export class Visitor {
  cookie = '';

  /** `address`: the visitor's address as our proxy names it (X-Forwarded-For), if any. */
  constructor(
    readonly origin: string,
    readonly address?: string,
  ) {}

  /** A fetch from our own page (Sec-Fetch-Site, and Origin on anything but GET). */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const response = await fetch(`${this.origin}${path}`, {
      ...init,
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(method !== 'GET' && { origin: this.origin }),
        ...(typeof init.body === 'string' && { 'content-type': 'application/json' }),
        ...(this.cookie && { cookie: this.cookie }),
        ...(this.address && { 'x-forwarded-for': this.address }),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      this.cookie = /=$/.test(pair) || /max-age=0/i.test(header) ? '' : pair;
    }
    return response;
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const response = await this.fetch(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Signs in with Sign-In with Ethereum, as the header's sign-in does. */
  async signIn(account: PrivateKeyAccount): Promise<void> {
    const { body } = await this.json<{ nonce: string }>('/api/auth/nonce');
    const { host } = new URL(this.origin);
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: host,
      nonce: body.nonce,
      uri: `${this.origin}/`,
      version: '1',
      issuedAt: new Date(),
    });
    const signature = await account.signMessage({ message });
    const verified = await this.fetch('/api/auth/verify', {
      method: 'POST',
      body: JSON.stringify({ message, signature }),
    });
    if (verified.status !== 200) throw new Error(`sign-in failed: ${await verified.text()}`);
  }

  async signOut(): Promise<void> {
    await this.fetch('/api/auth/logout', { method: 'POST' });
  }

  /** Opens an event stream as EventSource does (optionally with the Last-Event-ID it kept). */
  async events(path: string, lastEventId?: string): Promise<EventReader> {
    const response = await this.fetch(path, {
      headers: {
        accept: 'text/event-stream',
        ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
      },
    });
    return new EventReader(response);
  }
}
