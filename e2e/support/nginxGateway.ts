import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './freePort';
import { nginxWorkFolder, runNginx } from './nginx';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * nginx in front of several composed servers, with the shared market cache of
 * docs/nginx/market-gateway.conf (only its "set me" values replaced). Resolves with the
 * public URL and a function that stops nginx.
 */
export async function startNginxInFront(
  serverUrls: string[],
  port?: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const documented = await readFile(path.join(repoRoot, 'docs/nginx/market-gateway.conf'), 'utf8');
  const work = await nginxWorkFolder();
  const listen = port ?? (await freePort());
  // The documented server lines, with each test server's address in place of the examples.
  const serverLines = /(?: {4}server 127\.0\.0\.1:300\d( [^;]*);.*\n)+/;
  const parameters = serverLines.exec(documented)?.[1] ?? '';
  const servers = serverUrls.map((url) => `    server ${new URL(url).host}${parameters};`);
  const conf = documented
    .replace('/var/cache/nginx/token-portfolio-market', path.join(work, 'market-cache'))
    .replace(serverLines, `${servers.join('\n')}\n`)
    .replace('listen 8080;', `listen 127.0.0.1:${listen};`);
  const url = `http://127.0.0.1:${listen}/`;
  const close = await runNginx(work, conf, `${url}config.json`);
  return { url, close };
}
