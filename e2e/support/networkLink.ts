import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * One device's network: an HTTP proxy for its browser context (`proxy: { server: link.url }`),
 * which can be cut (every connection dropped, new ones closed at once) and restored, as a lost
 * Wi-Fi does. Chromium's offline emulation alone (`context.setOffline`) fails new requests but
 * leaves a response already streaming, such as an open event stream, flowing. Through a proxy
 * the page keeps the server's own origin (the sign-in accepts no other).
 */
export interface NetworkLink {
  /** The proxy's address. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Headers for one hop only (RFC 9110 section 7.6.1), not passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

function forwarded(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

export async function startNetworkLink(): Promise<NetworkLink> {
  const open = new Set<Socket>();
  let down = false;
  // Connections of its own to the server: Node's shared keep-alive agent would hand a socket
  // this link used to another device's link, and this link's cut would then end that
  // device's event stream upstream while its browser's connection stayed open, silent.
  const agent = new Agent({ keepAlive: true });
  const track = (socket: Socket) => {
    if (open.has(socket)) return; // a kept-alive connection, used again
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const proxy = createServer((incoming, answer) => {
    const upstream = request(
      incoming.url ?? '',
      { method: incoming.method, headers: forwarded(incoming.headers), agent },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, forwarded(response.headers));
        response.pipe(answer);
        // Cut short upstream (the server gone, the link cut): the browser's connection drops too.
        response.once('close', () => {
          if (!response.complete) incoming.socket.destroy();
        });
      },
    );
    upstream.once('socket', track);
    // One side failing ends the other: the browser sees its connection drop.
    upstream.once('error', () => incoming.socket.destroy());
    answer.once('close', () => {
      if (!answer.writableFinished) upstream.destroy();
    });
    incoming.pipe(upstream);
  });
  // A tunnel, as Playwright's API requests (`page.request`) ask for one.
  proxy.on('connect', (incoming: { url?: string }, client: Socket, head: Buffer) => {
    const { hostname, port } = new URL(`http://${incoming.url ?? ''}`);
    const upstream = connect(Number(port), hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    track(upstream);
    upstream.once('error', () => client.destroy());
    client.once('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
  });
  proxy.on('connection', (socket: Socket) => {
    if (down) socket.destroy();
    else track(socket);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    down = true;
    for (const socket of open) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    cut,
    restore: () => {
      down = false;
    },
    close: async () => {
      cut();
      agent.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

/** The device loses its network: the browser says it is offline and its connections drop. */
export async function goOffline(page: Page, link: NetworkLink): Promise<void> {
  await page.context().setOffline(true);
  link.cut();
}

/** The device's network is back (the browser says so: a page waiting to retry tries at once). */
export async function goOnline(page: Page, link: NetworkLink): Promise<void> {
  link.restore();
  await page.context().setOffline(false);
}
