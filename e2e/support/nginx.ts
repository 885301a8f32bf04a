import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readServerConfig, remoteUrlVariable } from '@token-portfolio/server/config';
import { readScriptHashes } from '@token-portfolio/server/security-headers';
import type { RemoteName } from '@token-portfolio/shared/remotes';
import { requireDebianBinary } from '@token-portfolio/shared/build/debian-package';
import { freePort } from './freePort';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Debian's nginx (scripts/e2e.ts installs it before the tests when it may). */
export const ensureNginx = (): string => requireDebianBinary('nginx');

/** A folder for one nginx's configuration, pid file, logs and temp files. */
export async function nginxWorkFolder(): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'tp-nginx-'));
  await chmod(work, 0o755); // nginx's workers run as an unprivileged user
  return work;
}

export interface NginxSite {
  hostUrl: string;
  remoteUrls: Partial<Record<RemoteName, string>>;
  close(): Promise<void>;
}

/**
 * Serves the host and each remote from its own nginx origin, using the configuration in
 * docs/nginx/token-portfolio.conf with only its "set me" values replaced.
 */
export async function startNginxSite(
  remotes: Partial<Record<RemoteName, string>>,
  marketApiUrl: string,
): Promise<NginxSite> {
  const documented = await readFile(path.join(repoRoot, 'docs/nginx/token-portfolio.conf'), 'utf8');
  const [head = '', remoteBlockAndRest = ''] = documented.split(/(?=# One block per remote)/);
  const remoteBlock = remoteBlockAndRest.replace(/^#.*\n/, '');
  const work = await nginxWorkFolder();

  const hostPort = await freePort();
  const hostUrl = `http://127.0.0.1:${hostPort}`;
  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  const blocks: string[] = [];
  for (const [name, root] of Object.entries(remotes) as [RemoteName, string][]) {
    const port = await freePort();
    remoteUrls[name] = `http://127.0.0.1:${port}/`;
    blocks.push(
      remoteBlock
        .replace('listen 8083;', `listen 127.0.0.1:${port};`)
        .replace('root /srv/token-portfolio/remote-watchlist;', `root ${root};`)
        .replace('"http://127.0.0.1:8080"', `"${hostUrl}"`),
    );
  }
  const remoteOrigins = Object.values(remoteUrls).map((url) => new URL(url).origin);
  const bootHashes = readScriptHashes(path.join(repoRoot, 'host/dist'));
  blocks.unshift(
    head
      .replace('listen 8080;', `listen 127.0.0.1:${hostPort};`)
      .replace('root /srv/token-portfolio/host;', `root ${path.join(work, 'host')};`)
      .replace(/(\$token_portfolio_remotes )"[^"]*"/, `$1"${remoteOrigins.join(' ')}"`)
      .replace(/(\$token_portfolio_market )"[^"]*"/, `$1"${new URL(marketApiUrl).origin}"`)
      .replace(/(\$token_portfolio_boot_hashes )"[^"]*"/, `$1"${bootHashes.join(' ')}"`),
  );

  // The host as uploaded: its dist plus the config.json that names each remote's origin.
  await cp(path.join(repoRoot, 'host/dist'), path.join(work, 'host'), { recursive: true });
  // A static host has no gateway: the browser calls the market API itself (direct mode).
  const runtime = readServerConfig({
    MARKET_MODE: 'direct',
    MARKET_API_URL: marketApiUrl,
    ...Object.fromEntries(
      (Object.entries(remoteUrls) as [RemoteName, string][]).map(([name, url]) => [
        remoteUrlVariable(name),
        `${url}mf-manifest.json`,
      ]),
    ),
  }).runtime;
  await writeFile(path.join(work, 'host/config.json'), JSON.stringify(runtime));

  const stop = await runNginx(work, blocks.join('\n'), hostUrl);
  return {
    hostUrl: `${hostUrl}/`,
    remoteUrls,
    close: stop,
  };
}

/**
 * A private nginx (its own pid file, logs and temp folders under `work`) serving the given
 * `server { }` blocks; resolves once `probeUrl` answers, with a function that stops it and
 * removes `work`.
 */
export async function runNginx(
  work: string,
  serverBlocks: string,
  probeUrl: string,
): Promise<() => Promise<void>> {
  const nginx = ensureNginx();
  const conf = path.join(work, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents {}\nhttp {\n` +
      `  include /etc/nginx/mime.types;\n  access_log off;\n` +
      ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((kind) => `  ${kind}_temp_path ${work}/${kind};\n`)
        .join('') +
      `${serverBlocks}\n}\n`,
  );
  const child: ChildProcess = spawn(nginx, ['-c', conf, '-p', work], { stdio: 'pipe' });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    await rm(work, { recursive: true, force: true });
  };
  try {
    await waitForHttp(probeUrl, () => errors);
  } catch (error) {
    await stop(); // an nginx that never answered must not outlive the test
    throw error;
  }
  return stop;
}

async function waitForHttp(url: string, errors: () => string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${errors()}`);
}
