import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { rspack, type Compiler } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text assets above one TCP packet. */
const COMPRESSIBLE = /\.(?:js|css|html|svg)$/;
const MIN_BYTES = 1024;

/**
 * Emits `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside each text asset,
 * so the composed server (and nginx's gzip_static/brotli_static) send the smallest form
 * without compressing on every request. Our own code, not compression-webpack-plugin:
 * that one requires webpack itself as a peer dependency, which Rspack builds do not need.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'PrecompressPlugin',
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
        },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name));
          await Promise.all(
            names.map(async (name) => {
              const source = compilation.getAsset(name)?.source.buffer();
              if (!source || source.length < MIN_BYTES) return;
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
              ]);
              compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br));
              compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gz));
            }),
          );
        },
      );
    });
  }
}
