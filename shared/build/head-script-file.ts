import { createHash } from 'node:crypto';
import { rspack, type Compiler } from '@rspack/core';
import { bundleInlineScript } from './inline-script';

/**
 * Bundles a module (like the inline boot script) into a small content-hashed file of the
 * build, `<name>.<hash>.js`, and puts `<script src>` for it at the top of the page's head:
 * a blocking script that runs before the first paint, from the page's own origin, so a
 * strict Content-Security-Policy (script-src 'self') allows it without a hash.
 */
export class HeadScriptFilePlugin {
  #code: Promise<string> | null = null;

  constructor(
    private readonly name: string,
    private readonly entry: string,
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('HeadScriptFilePlugin', (compilation) => {
      const code = (this.#code ??= bundleInlineScript(this.entry));
      const { HtmlRspackPlugin } = rspack;
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
        'HeadScriptFilePlugin',
        async (data) => {
          const source = await code;
          const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
          const file = `${this.name}.${hash}.js`;
          compilation.emitAsset(file, new rspack.sources.RawSource(source));
          data.headTags.unshift(HtmlRspackPlugin.createHtmlTagObject('script', { src: file }));
          return data;
        },
      );
    });
  }
}
