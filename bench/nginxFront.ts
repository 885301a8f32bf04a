import { freePort } from '../e2e/support/freePort';
import { nginxWorkFolder, runNginx } from '../e2e/support/nginx';
import type { LocalCertificate } from './tls';

/** The two protocols the page loads are measured over; both with TLS. */
export type Protocol = 'h2' | 'h1';

export interface FrontedUpstream {
  /** A name for nginx's upstream block (letters and digits). */
  name: string;
  /** The composed server behind it, e.g. http://127.0.0.1:40123/. */
  url: string;
}

export interface TlsFront {
  /** For each upstream, its public https URL over each protocol. */
  urls: Record<string, Record<Protocol, string>>;
  close(): Promise<void>;
}

const proxyTo = (name: string, fixturesUrl: string) => `
    location /fixtures/ {
        proxy_pass ${fixturesUrl};
    }
    location / {
        proxy_pass http://${name};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
    }`;

/**
 * Debian's nginx in front of composed servers, as a CDN or load balancer serves them:
 * TLS with the local certificate, one port per upstream and protocol (HTTP/2, and
 * HTTP/1.1), passing requests and the servers' own compression and cache headers through.
 */
export async function startTlsFront(
  upstreams: FrontedUpstream[],
  certificate: LocalCertificate,
  /** The fixture API's origin: its coin images are served under /fixtures/ on each port. */
  fixturesOrigin: string,
): Promise<TlsFront> {
  const work = await nginxWorkFolder();
  const urls: TlsFront['urls'] = {};
  const blocks: string[] = [];
  for (const { name, url } of upstreams) {
    blocks.push(`upstream ${name} {\n    server ${new URL(url).host};\n    keepalive 16;\n}`);
    urls[name] = { h2: '', h1: '' };
    for (const protocol of ['h2', 'h1'] as const) {
      const port = await freePort();
      urls[name][protocol] = `https://127.0.0.1:${port}/`;
      blocks.push(`server {
    listen 127.0.0.1:${port} ssl${protocol === 'h2' ? ' http2' : ''};
    ssl_certificate ${certificate.certFile};
    ssl_certificate_key ${certificate.keyFile};
    ssl_session_cache shared:bench:1m;${proxyTo(name, fixturesOrigin)}
}`);
    }
  }
  // A plain-HTTP probe: the bench's own fetch does not trust the local certificate.
  const probePort = await freePort();
  blocks.push(`server {\n    listen 127.0.0.1:${probePort};\n    return 204;\n}`);
  const close = await runNginx(work, blocks.join('\n'), `http://127.0.0.1:${probePort}/`);
  return { urls, close };
}
