// The devices' network link (support/networkLink.ts) as the two-device tests use it: cutting
// one device's link ends that device's connections only, a connection the server drops
// drops at the device too, and a stalled link holds its connections open and silent. A server streaming numbered events stands in for the app's stream.
import { Agent, createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startNetworkLink, type NetworkLink } from '../support/networkLink';

interface Streams {
  origin: string;
  /** Ends every open stream's connection abruptly (as a server that is killed). */
  dropAll(): void;
  close(): Promise<void>;
}

/** A server answering `/stream` with an event every 100 ms, and anything else with 'ok'. */
async function startStreams(): Promise<Streams> {
  const server: Server = createServer((request, response) => {
    if (request.url !== '/stream') {
      response.end('ok');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const timer = setInterval(() => response.write(`data: ${(sent += 1)}\n\n`), 100);
    response.once('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropAll: () => server.closeAllConnections(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A device's request through its link (a browser's own connections: an agent per device). */
function through(link: NetworkLink, url: string): Promise<IncomingMessage> {
  const { port } = new URL(link.url);
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: url, agent: new Agent() }, resolve).once('error', reject);
  });
}

/** What a device hears of a stream: how much it received, and whether its connection ended. */
function listen(stream: IncomingMessage) {
  const heard = { chunks: 0, ended: false };
  stream.on('data', () => (heard.chunks += 1));
  stream.once('close', () => (heard.ended = true));
  return heard;
}

const streams = test.extend<{ streams: Streams; laptop: NetworkLink; phone: NetworkLink }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  streams: async ({}, use) => {
    const started = await startStreams();
    await use(started);
    await started.close();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  laptop: async ({}, use) => {
    const link = await startNetworkLink();
    await use(link);
    await link.close();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  phone: async ({}, use) => {
    const link = await startNetworkLink();
    await use(link);
    await link.close();
  },
});

streams(
  'cutting one device’s link leaves another device’s open stream flowing',
  async ({ streams: { origin }, laptop, phone }) => {
    // The laptop's request leaves a kept-alive connection to the server behind it.
    const plain = await through(laptop, `${origin}/plain`);
    plain.resume();
    await new Promise((resolve) => plain.once('end', resolve));
    const phoneHeard = listen(await through(phone, `${origin}/stream`));
    await expect.poll(() => phoneHeard.chunks).toBeGreaterThan(0);

    laptop.cut();
    const atCut = phoneHeard.chunks;
    await expect.poll(() => phoneHeard.chunks).toBeGreaterThan(atCut + 2);
    expect(phoneHeard.ended).toBe(false);
  },
);

streams(
  'cutting a device’s link ends its own open stream',
  async ({ streams: { origin }, laptop }) => {
    const heard = listen(await through(laptop, `${origin}/stream`));
    await expect.poll(() => heard.chunks).toBeGreaterThan(0);
    laptop.cut();
    await expect.poll(() => heard.ended).toBe(true);
  },
);

streams(
  'a stream the server drops midway drops at the device too',
  async ({ streams: server, phone }) => {
    const heard = listen(await through(phone, `${server.origin}/stream`));
    await expect.poll(() => heard.chunks).toBeGreaterThan(0);
    server.dropAll();
    await expect.poll(() => heard.ended).toBe(true);
  },
);

/** Waits this long: for what must not happen meanwhile. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

streams(
  'a stalled link holds a device’s open stream silent without ending it, for good; connections made after restore flow',
  async ({ streams: { origin }, phone }) => {
    const held = listen(await through(phone, `${origin}/stream`));
    await expect.poll(() => held.chunks).toBeGreaterThan(0);

    phone.stall();
    await pause(300); // what was already on its way
    const atStall = held.chunks;
    await pause(1_000); // ten more events sent by the server
    expect(held).toEqual({ chunks: atStall, ended: false });

    phone.restore();
    const fresh = listen(await through(phone, `${origin}/stream`));
    await expect.poll(() => fresh.chunks).toBeGreaterThan(2);
    expect(held).toEqual({ chunks: atStall, ended: false });
  },
);

streams(
  'a kept-alive connection a stall held is reset when the device sends on it again after restore',
  async ({ streams: { origin }, phone }) => {
    const { port } = new URL(phone.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<IncomingMessage>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: `${origin}/plain`, agent }, resolve).once(
          'error',
          reject,
        );
      });
    (await ask()).resume();
    await expect.poll(() => Object.keys(agent.freeSockets).length).toBe(1);

    phone.stall();
    phone.restore();
    await expect(ask()).rejects.toThrow('ECONNRESET');
    agent.destroy();
  },
);
