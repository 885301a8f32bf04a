// The federation runtime as ES modules
// (docs/architecture.md#custom-build-pieces-and-their-guards). Its packages ship each file
// twice, `x.cjs` and `x.js`; the federation plugins name the CommonJS files (they resolve
// them with Node's `require.resolve`), and CommonJS modules can be neither concatenated nor
// tree-shaken: every one of its 70 files stays a separate module with its export
// boilerplate. The same files as ES modules make main.js smaller (README.md).
import { existsSync } from 'node:fs';
import { rspack, type RuleSetRule } from '@rspack/core';
import { requireMatch } from './require-match';

const FEDERATION_COMMONJS_FILE =
  /[\\/]node_modules[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;

/** The ES module build of a federation runtime file, if its package ships one. */
function esmTwin(file: string): string | undefined {
  return ['.js', '.mjs'].map((ext) => file.replace(/\.cjs$/, ext)).find((twin) => existsSync(twin));
}

/** Loads each federation runtime file from its ES module twin. */
export const federationAsEsm = () =>
  requireMatch(
    'The federation runtime as ES modules',
    'shared/build/first-paint-speed/federation-esm.ts',
    (hit) =>
      new rspack.NormalModuleReplacementPlugin(FEDERATION_COMMONJS_FILE, (data) => {
        const resource = data.createData?.resource;
        const twin = resource ? esmTwin(resource) : undefined;
        if (!data.createData || !twin) return;
        data.createData.resource = twin;
        hit();
      }),
  );

/**
 * The module type follows the file name that was resolved (`.cjs`: CommonJS only), not the
 * twin's: these files are parsed as either kind.
 */
export const federationEsmRule: RuleSetRule = {
  test: FEDERATION_COMMONJS_FILE,
  type: 'javascript/auto',
};
