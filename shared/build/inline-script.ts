import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack, type Compiler, type Stats } from '@rspack/core';

/** The file the host build writes its inline scripts' hashes to, for the CSP. */
export const CSP_HASHES_FILE = 'csp-hashes.json';

/** A CSP source that allows exactly this inline script: `'sha256-<base64>'`. */
export function cspHashOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The code of every inline script of a page (`<script>` without src; not JSON data blocks). */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\b(src|type)=/.test(attributes))
    .map(([, , code = '']) => code);
}

/**
 * Bundles one TypeScript module into a small self-contained script (one IIFE, minified, no
 * module federation) to put inline in a page: boot code that must run before any script
 * arrives. Rspack's own API, so the module may import from the shared package like any other.
 */
export async function bundleInlineScript(entry: string): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'tp-inline-'));
  try {
    const stats = await new Promise<Stats | undefined>((resolve, reject) =>
      rspack(
        {
          mode: 'production',
          context: path.dirname(entry),
          entry: { inline: entry },
          target: ['web', 'es2020'],
          devtool: false,
          output: { path: outDir, filename: '[name].js', iife: true },
          resolve: { extensions: ['.ts', '.js'] },
          module: {
            rules: [
              {
                test: /\.ts$/,
                loader: 'builtin:swc-loader',
                options: { jsc: { parser: { syntax: 'typescript' } } },
                type: 'javascript/auto',
              },
            ],
          },
          optimization: { minimize: true, concatenateModules: true },
          performance: false,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    if (!stats || stats.hasErrors()) {
      throw new Error(`Inline script ${entry} failed to build:\n${stats?.toString('errors-only')}`);
    }
    // A '</script' inside would end the element early.
    return (await readFile(path.join(outDir, 'inline.js'), 'utf8')).trim().replaceAll('</', '<\\/');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Puts a module, bundled (bundleInlineScript), inline at the top of the page's head, and
 * emits csp-hashes.json, `{"script-src": ["'sha256-…'"]}`: what the page's
 * Content-Security-Policy must allow for it (no 'unsafe-inline', no per-request nonce).
 * Bundled once per compiler: a change to the module needs a restart of the dev server.
 */
export class InlineScriptPlugin {
  #code: Promise<string> | null = null;

  constructor(private readonly entry: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('InlineScriptPlugin', (compilation) => {
      const code = (this.#code ??= bundleInlineScript(this.entry));
      const { HtmlRspackPlugin } = rspack;
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
        'InlineScriptPlugin',
        async (data) => {
          data.headTags.unshift(HtmlRspackPlugin.createHtmlTagObject('script', {}, await code));
          return data;
        },
      );
      // Hashed as the page finally carries it (the HTML minifier rewrites inline code).
      HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(
        'InlineScriptPlugin',
        (data) => {
          const hashes = { 'script-src': inlineScriptsOf(data.html).map(cspHashOf) };
          compilation.emitAsset(
            CSP_HASHES_FILE,
            new rspack.sources.RawSource(`${JSON.stringify(hashes, null, 1)}\n`),
          );
          return data;
        },
      );
    });
  }
}
