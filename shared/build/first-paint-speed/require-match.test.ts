import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(__dirname, '../../..');
let dir = '';

// Rspack 2 is an ES module, which jest's CommonJS runtime cannot load: the build runs in a
// child process, as the build script runs it.
const BUILD_SCRIPT = `
import path from 'node:path';
import { rspack } from '@rspack/core';
import { requireMatch } from ${JSON.stringify(path.join(__dirname, 'require-match.ts'))};

const [dir, pattern] = process.argv.slice(2);
const compiler = rspack({
  mode: 'production',
  context: dir,
  entry: './index.js',
  output: { path: path.join(dir, 'dist') },
  plugins: [
    requireMatch('The test rewrite', 'require-match.test.ts', (hit) =>
      new rspack.NormalModuleReplacementPlugin(new RegExp(pattern), (data) => {
        data.request = './other.js';
        hit();
      }),
    ),
  ],
});
compiler.run((error, stats) => {
  if (error || !stats) throw error;
  const errors = stats.toJson({ all: false, errors: true }).errors ?? [];
  console.log(JSON.stringify(errors.map((e) => e.message)));
  compiler.close(() => undefined);
});
`;

beforeAll(async () => {
  // Inside the repository (.cache is ignored), so the script finds its packages.
  await mkdir(path.join(repoRoot, '.cache'), { recursive: true });
  dir = await mkdtemp(path.join(repoRoot, '.cache', 'require-match-'));
  await writeFile(
    path.join(dir, 'index.js'),
    "import value from './value.js'; console.log(value);",
  );
  await writeFile(path.join(dir, 'value.js'), 'export default 1;');
  await writeFile(path.join(dir, 'other.js'), 'export default 2;');
  await writeFile(path.join(dir, 'build.mts'), BUILD_SCRIPT);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A production build of the tiny app whose rewrite matches `pattern`: its errors. */
async function buildErrors(pattern: string): Promise<string[]> {
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const { stdout } = await promisify(execFile)(tsx, [path.join(dir, 'build.mts'), dir, pattern], {
    cwd: repoRoot,
  });
  return JSON.parse(stdout) as string[];
}

describe('requireMatch', () => {
  it('fails the build, naming the rewrite, when it matched nothing', async () => {
    const errors = await buildErrors('no-such-module');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The test rewrite matched nothing in this build');
    expect(errors[0]).toContain('require-match.test.ts');
  }, 60_000);

  it('lets a build whose rewrite matched pass', async () => {
    expect(await buildErrors('value\\.js$')).toEqual([]);
  }, 60_000);
});
