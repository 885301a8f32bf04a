import type { AddressInfo } from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const WILDCARD = new Set(['0.0.0.0', '::']);

/**
 * The origins a browser can reach a server listening at this address under, for sign-in
 * messages: on a loopback or wildcard address the loopback names (localhost, 127.0.0.1,
 * [::1]); on any other address that address. Always http: behind TLS set a public origin.
 */
export function listeningOrigins(address: AddressInfo | string | null): string[] {
  if (address === null || typeof address === 'string') return [];
  const { address: ip, port } = address;
  const hosts = LOOPBACK.has(ip) || WILDCARD.has(ip) ? [...LOOPBACK] : [ip];
  return hosts.map(
    (host) => new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`).origin,
  );
}

/** The origin (scheme://host[:port]) of an http(s) URL, or null for anything else. */
export function originOf(url: string): string | null {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}
