// Our custom build pieces rewrite what the federation plugin generates, matched by file
// names and request shapes that a library upgrade may change. A piece that matches nothing
// would leave the build silently bigger or broken: it fails the build instead, naming
// what stopped matching (docs/architecture.md#custom-build-pieces-and-their-guards).
import type { Compiler, RspackPluginInstance } from '@rspack/core';

/** A plugin whose rewrites must happen at least once in a production build. */
export class RequireMatch implements RspackPluginInstance {
  #hits = 0;
  readonly #plugin: RspackPluginInstance;

  constructor(
    private readonly what: string,
    private readonly where: string,
    make: (hit: () => void) => RspackPluginInstance,
  ) {
    this.#plugin = make(() => {
      this.#hits += 1;
    });
  }

  apply(compiler: Compiler) {
    this.#plugin.apply(compiler);
    if (compiler.options.mode !== 'production') return; // a rebuild matches only what changed
    compiler.hooks.thisCompilation.tap('RequireMatch', (compilation) => {
      this.#hits = 0;
      compilation.hooks.finishModules.tap('RequireMatch', () => {
        if (this.#hits > 0) return;
        compilation.errors.push(
          new compiler.rspack.WebpackError(
            `${this.what} matched nothing in this build: a library upgrade changed what it ` +
              `relies on. See ${this.where}.`,
          ),
        );
      });
    });
  }
}

/**
 * Wraps a plugin whose rewrites must happen at least once in a production build: `make`
 * receives `hit`, to call for each rewrite it makes.
 */
export const requireMatch = (
  what: string,
  where: string,
  make: (hit: () => void) => RspackPluginInstance,
): RequireMatch => new RequireMatch(what, where, make);
