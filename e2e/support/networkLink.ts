import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer as createRelay, type AddressInfo, type Socket } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * One device's network: an HTTP proxy for its browser context (`proxy: { server: link.url }`),
 * which can be cut (every connection dropped, new ones closed at once) as a lost Wi-Fi does,
 * or stalled (every connection left open and silent) as a route that died does, and restored. Chromium's offline emulation alone (`context.setOffline`) fails new requests but
 * leaves a response already streaming, such as an open event stream, flowing. Through a proxy
 * the page keeps the server's own origin (the sign-in accepts no other).
 */
export interface NetworkLink {
  /** The proxy's address. */
  url: string;
  cut(): void;
  /**
   * Connections open now stay open, but nothing more passes on them either way: no data, no
   * FIN, no RST (a half-open link: a laptop that slept, a NAT that forgot the flow). Unlike
   * cut(), neither end is told: only a timeout of its own can tell. Connections made until
   * restore() are held the same way.
   */
  stall(): void;
  /**
   * Ends a cut or a stall for connections made from now on. A held connection stays dead:
   * what it held is never delivered, and anything the browser sends on it is answered with a
   * reset, as a server answers a flow it no longer knows (the NAT maps it anew). An idle
   * kept-alive connection the browser takes again thus fails at once, as it would for real,
   * and the browser sends its request again on a new one.
   */
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
  let stalled = false;
  /** Each relayed connection of the browser, and how to stop passing its bytes. */
  const relays = new Map<Socket, () => void>();
  /** The browser's connections held by the stall (see stall()). */
  const held = new Set<Socket>();
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
  proxy.on('connection', track);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  // The browser's connections end here and are relayed to the proxy byte for byte: a stall
  // holds them below HTTP, where no server or client code of Node's answers for them.
  const relay = createRelay((browser) => {
    if (down) return void browser.destroy();
    track(browser);
    if (stalled) return void held.add(browser); // accepted, and nothing passes
    const proxySide = connect(proxyPort, '127.0.0.1');
    track(proxySide);
    browser.pipe(proxySide).pipe(browser); // an end (FIN) passes on as well
    let relayed = true;
    relays.set(browser, () => {
      relayed = false;
      browser.unpipe(proxySide);
      proxySide.unpipe(browser);
    });
    browser.once('close', () => relays.delete(browser));
    // A reset on one side resets the other, unless the link holds them.
    const drop = () => {
      if (!relayed) return;
      browser.destroy();
      proxySide.destroy();
    };
    browser.on('error', drop);
    proxySide.on('error', drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    down = true;
    for (const socket of open) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    cut,
    stall: () => {
      stalled = true;
      for (const [browser, hold] of relays) {
        hold();
        held.add(browser);
      }
      relays.clear();
    },
    restore: () => {
      down = false;
      stalled = false;
      for (const browser of held) browser.once('data', () => browser.resetAndDestroy()).resume();
      held.clear();
    },
    close: async () => {
      cut();
      agent.destroy();
      await Promise.all(
        [relay, proxy].map(
          (server) => new Promise<void>((resolve) => server.close(() => resolve())),
        ),
      );
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
