import type { AddressInfo } from 'node:net';
import { readServerConfig } from '../../host/server/config';
import { createComposedServer, type DistFolders } from '../../host/server/server';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the composed server on a free loopback port, configured as a user would
 * (environment variables), optionally serving other dist folders.
 */
export async function startComposedServer(
  env: Record<string, string> = {},
  dists?: DistFolders,
): Promise<RunningServer> {
  const config = readServerConfig({ PORT: '0', ...env });
  const app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    trustProxy: config.trustProxy,
    ...(dists ? { dists } : {}),
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}
