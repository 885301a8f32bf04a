import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Configuration } from '@rspack/core';
import { createHostConfig } from '@token-portfolio/shared/build';
import { firstPaintSpeed } from '@token-portfolio/shared/build/first-paint-speed';
import { REMOTES, REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import { readServerConfig, remoteUrlVariable } from '@token-portfolio/server/config';

/**
 * `npm run dev`: the host's dev server answers /config.json like the composed server,
 * from the same environment variables, with each remote at its own dev server. There is
 * no market gateway here: the browser calls the market API itself (direct mode). The
 * remotes are named by the host name the page was opened with: a dev server refuses
 * scripts that a page of another site asks for, and 127.0.0.1 is another site than
 * localhost (any other name, [::1] included, gets localhost).
 */
function devRuntimeConfig(pageHostname: string) {
  const hostname = pageHostname === '127.0.0.1' ? pageHostname : 'localhost';
  const devRemotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      remoteUrlVariable(name),
      `http://${hostname}:${REMOTES[name].devPort}/mf-manifest.json`,
    ]),
  );
  return readServerConfig({ ...devRemotes, ...process.env, MARKET_MODE: 'direct' }).runtime;
}

const hostConfig = createHostConfig(
  {
    dir: import.meta.dirname,
    runtimePlugins: [
      './src/federation/remoteLoadErrors.ts',
      './src/federation/registerBeforeRequest.ts',
    ],
    // Inline in index.html: config and the first price requests before any script arrives.
    inlineHeadScript: './src/boot.ts',
  },
  firstPaintSpeed,
);

export default (env: Record<string, unknown>): Configuration => {
  const config = hostConfig(env);
  return {
    ...config,
    devServer: {
      ...config.devServer,
      setupMiddlewares: <M>(middlewares: M[]) => [
        {
          name: 'runtime-config',
          path: '/config.json',
          middleware: (request: IncomingMessage, response: ServerResponse) => {
            const pageHostname = (request.headers.host ?? '').replace(/:\d+$/, '');
            response.setHeader('content-type', 'application/json');
            response.setHeader('cache-control', 'no-cache');
            response.end(JSON.stringify(devRuntimeConfig(pageHostname)));
          },
        },
        ...middlewares,
      ],
    },
  };
};
