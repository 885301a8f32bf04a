// Installs and builds the partner hosts (partner-hosts/: a partner's own Module Federation
// host on each bundler, docs/embedding.md) for the browser tests; each has its own lockfile
// and node_modules, outside the workspaces. Skips what is up to date, so a second run is free.
//   tsx scripts/partner-hosts.ts
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './apps';

export const PARTNER_HOSTS = ['rspack', 'webpack', 'vite', 'rspack-react18'] as const;
export type PartnerHost = (typeof PARTNER_HOSTS)[number];
/**
 * A partner's TypeScript host with the remotes in its build config: installed here, built
 * by its test, since its build downloads the remotes' type hints from a running server.
 */
export const TYPESCRIPT_PARTNER = 'typescript';
export type PartnerProject = PartnerHost | typeof TYPESCRIPT_PARTNER;
export const PARTNER_PROJECTS: readonly PartnerProject[] = [...PARTNER_HOSTS, TYPESCRIPT_PARTNER];

const partnerHostsRoot = path.join(repoRoot, 'partner-hosts');
export const partnerProjectDir = (project: PartnerProject) => path.join(partnerHostsRoot, project);

/** Where a partner host's build lands: a static site with index.html. */
export const partnerHostDist = (project: PartnerProject) =>
  path.join(partnerProjectDir(project), 'dist');

/**
 * The environment without npm's own variables: under `npm test` they name the repository
 * root as the prefix, and a nested `npm ci` would install there instead.
 */
function ownEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  );
}

/** Runs npm in a partner project; resolves with its exit code and everything it printed. */
export function runNpm(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: { ...ownEnvironment(), ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function run(args: string[], cwd: string): Promise<void> {
  const { code, output } = await runNpm(args, cwd);
  if (code !== 0) throw new Error(`npm ${args.join(' ')} in ${cwd} failed:\n${output}`);
}

/** `npm ci` unless node_modules was installed from this very lockfile. */
async function install(project: PartnerProject): Promise<void> {
  const dir = partnerProjectDir(project);
  const lockfile = await readFile(path.join(dir, 'package-lock.json'));
  const digest = createHash('sha256').update(lockfile).digest('hex');
  const stamp = path.join(dir, 'node_modules/.installed-lockfile-sha256');
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === digest) return;
  await run(['ci', '--no-audit', '--no-fund'], dir);
  await writeFile(stamp, digest);
}

function newestMtime(target: string): number {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target)
    .filter((entry) => entry !== 'node_modules' && entry !== 'dist')
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), 0);
}

/** The build is stale when the host's files or the page they share are newer. */
function isBuilt(host: PartnerHost): boolean {
  const built = path.join(partnerHostDist(host), 'index.html');
  if (!existsSync(built)) return false;
  const sources = Math.max(
    newestMtime(partnerProjectDir(host)),
    newestMtime(path.join(partnerHostsRoot, 'page.js')),
  );
  return statSync(built).mtimeMs > sources;
}

/** Installs and builds every partner host that needs it, all at once. */
export async function preparePartnerHosts(): Promise<void> {
  await Promise.all([
    ...PARTNER_HOSTS.map(async (host) => {
      await install(host);
      if (!isBuilt(host)) await run(['run', 'build'], partnerProjectDir(host));
    }),
    install(TYPESCRIPT_PARTNER),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  preparePartnerHosts().then(
    () => console.log(`Partner hosts ready: ${PARTNER_HOSTS.join(', ')}.`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
