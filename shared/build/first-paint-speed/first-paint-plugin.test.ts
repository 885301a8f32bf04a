import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FirstPaintList } from '../../src/firstPaintList';
import { exposeChunkName } from '../../src/remotes';

const repoRoot = path.resolve(__dirname, '../../..');
let dir = '';

// Rspack 2 is an ES module, which jest's CommonJS runtime cannot load: the build runs in a
// child process, as the build script runs it. A tiny remote exposing one widget, whose
// module is the file named on the command line.
const BUILD_SCRIPT = `
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { FirstPaintPlugin } from ${JSON.stringify(path.join(__dirname, 'first-paint-plugin.ts'))};
import { exposeChunkName } from ${JSON.stringify(path.join(__dirname, '../../src/remotes.ts'))};

const [dir, widget, mode] = process.argv.slice(2);
const compiler = rspack({
  mode,
  context: dir,
  entry: { tiny: './index.js' },
  output: { path: path.join(dir, 'dist'), publicPath: 'auto' },
  plugins: [
    new ModuleFederationPlugin({
      name: 'tiny',
      filename: 'remoteEntry.js',
      exposes: { './Widget': { import: [widget], name: exposeChunkName('Widget') } },
      shared: { react: { singleton: true } },
      dts: false,
      manifest: false,
    }),
    new FirstPaintPlugin({ entryGroup: 'tiny', start: { expose: 'Widget' }, runtimeVersion: '1' }),
  ],
});
// A plugin's throw in processAssets fails the whole run: its message is the error.
compiler.run((error, stats) => {
  const errors = error
    ? [error.message]
    : (stats?.toJson({ all: false, errors: true }).errors ?? []).map((e) => e.message);
  console.log(JSON.stringify(errors));
  compiler.close(() => undefined);
});
`;

beforeAll(async () => {
  // Inside the repository (.cache is ignored), so the script finds its packages.
  await mkdir(path.join(repoRoot, '.cache'), { recursive: true });
  dir = await mkdtemp(path.join(repoRoot, '.cache', 'first-paint-'));
  await writeFile(path.join(dir, 'index.js'), "import('./bootstrap.js');");
  await writeFile(path.join(dir, 'bootstrap.js'), 'console.log(1);');
  await writeFile(
    path.join(dir, 'widget.js'),
    "import { createElement } from 'react'; export default () => createElement('p');",
  );
  await writeFile(path.join(dir, 'plain.js'), "export default () => 'no React';");
  await writeFile(path.join(dir, 'build.mts'), BUILD_SCRIPT);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A build of the tiny remote whose widget is `widget`: its errors. */
async function buildErrors(
  widget: string,
  mode: 'production' | 'development' = 'production',
): Promise<string[]> {
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const script = path.join(dir, 'build.mts');
  const { stdout } = await promisify(execFile)(tsx, [script, dir, widget, mode], {
    cwd: repoRoot,
  });
  return JSON.parse(stdout) as string[];
}

describe('FirstPaintPlugin', () => {
  it("lists the widget's chunk and the shared packages it consumes", async () => {
    expect(await buildErrors('./widget.js')).toEqual([]);
    const list = JSON.parse(
      await readFile(path.join(dir, 'dist', 'first-paint.json'), 'utf8'),
    ) as FirstPaintList;
    expect(list.consumes).toEqual(['react']);
    expect(list.critical.some((file) => file.startsWith(exposeChunkName('Widget')))).toBe(true);
    expect(list.entry.some((file) => file.endsWith('.js'))).toBe(true);
  }, 60_000);

  it('fails the build when it finds no shared package the first paint consumes', async () => {
    const errors = await buildErrors('./plain.js');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('found no shared package that {"expose":"Widget"} consumes');
    expect(errors[0]).toContain('CONSUMED in shared/build/first-paint-speed/first-paint-plugin.ts');
  }, 60_000);

  it('skips the check in a development build (the dev server compiles lazily)', async () => {
    expect(await buildErrors('./plain.js', 'development')).toEqual([]);
  }, 60_000);
});
