// The host's federation bundler runtime lent to the remotes' composed parts
// (docs/architecture.md#custom-build-pieces-and-their-guards): the host's runtime plugin puts it on a global, and a composed
// entry takes it from there instead of bundling its own.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { HOST_BUNDLER_RUNTIME_GLOBAL } from '../../src/pageGlobals';
import { requireMatch } from './require-match';

/** The host's federation runtime plugin that lends it (bundled into the host's main.js). */
export const BUNDLER_RUNTIME_LENDER = path.join(import.meta.dirname, 'bundler-runtime-lender.ts');

/**
 * A composed part's module that the federation entry imports as its bundler runtime
 * becomes the host's function that gives this container a federation object of its own.
 */
const BUNDLER_RUNTIME_MODULE =
  /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;

export const bundlerRuntimeFromHost = () =>
  requireMatch(
    'The bundler runtime taken from the host',
    'shared/build/first-paint-speed/lent-bundler-runtime.ts',
    (hit) =>
      new rspack.ExternalsPlugin('var', async ({ request = '' }: { request?: string }) => {
        if (!BUNDLER_RUNTIME_MODULE.test(request)) return undefined;
        hit();
        return `${HOST_BUNDLER_RUNTIME_GLOBAL}()`;
      }),
  );
