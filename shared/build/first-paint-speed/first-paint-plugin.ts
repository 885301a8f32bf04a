import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { FIRST_PAINT_FILE, type FirstPaintList } from '../../src/firstPaintList';
import { exposeChunkName } from '../../src/remotes';

export { FIRST_PAINT_FILE, type FirstPaintList };

/** Where the first paint starts: a remote's exposed widget, or the host's bootstrap import. */
export type FirstPaintStart = { expose: string } | { dynamicImport: string };

// The federation plugin names its modules in their identifiers; Rspack types no module kind.
const CONSUMED = /^consume shared module \([^)]*\) (@?[^@\s]+)@/;
const PROVIDED = /^provide shared module \([^)]*\) (@?[^@\s]+)@/;

const jsAndCss = (files: Iterable<string>) =>
  [...files].filter((file) => file.endsWith('.js') || file.endsWith('.css'));

function groupFiles(group: ChunkGroup): string[] {
  return jsAndCss(group.chunks.flatMap((chunk: Chunk) => [...chunk.files]));
}

function chunkModules(compilation: Compilation, group: ChunkGroup): Module[] {
  return group.chunks.flatMap((chunk) => compilation.chunkGraph.getChunkModules(chunk));
}

/** Packages consumed by these modules, matched against CONSUMED. */
function consumedBy(modules: Module[]): string[] {
  return modules.flatMap((module) => CONSUMED.exec(module.identifier())?.[1] ?? []);
}

/** For each provided package, the chunk group that holds this build's copy. */
function providerGroups(compilation: Compilation): Map<string, ChunkGroup> {
  const groups = new Map<string, ChunkGroup>();
  for (const module of compilation.modules) {
    const name = PROVIDED.exec(module.identifier())?.[1];
    const block = module.blocks[0];
    const group = block ? compilation.chunkGraph.getBlockChunkGroup(block) : null;
    if (name && group) groups.set(name, group);
  }
  return groups;
}

function startGroup(compilation: Compilation, start: FirstPaintStart): ChunkGroup | undefined {
  if ('expose' in start) {
    return compilation.namedChunkGroups.get(exposeChunkName(start.expose));
  }
  return compilation.chunkGroups.find((group) =>
    group.origins.some((origin) => origin.request === start.dynamicImport),
  );
}

/**
 * V8's explicit compile hint: every function of the file is compiled while the file streams
 * in, on a background thread, instead of on the main thread at its first call. Worth it
 * only for files whose code nearly all runs at once
 * (docs/architecture.md#the-first-paint-list).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The scripts a first paint runs: the entry, the critical chunks, the consumed copies. */
function firstPaintScripts(list: FirstPaintList): Set<string> {
  const provided = list.consumes.flatMap((name) => list.provides[name] ?? []);
  return new Set(
    [...list.entry, ...list.critical, ...provided].filter((file) => file.endsWith('.js')),
  );
}

/**
 * Emits first-paint.json (see FirstPaintList), from the chunk graph: the manifest's
 * `shared[].assets` mixes provider and fallback chunks and its `usedIn` misses packages
 * that are imported only through another module. Puts V8's compile hint on the scripts
 * the list names (docs/architecture.md#the-first-paint-list).
 */
export class FirstPaintPlugin {
  constructor(
    private readonly options: {
      entryGroup: string;
      start: FirstPaintStart;
      runtimeVersion: string | undefined;
    },
  ) {}

  apply(compiler: Compiler) {
    const federated = compiler.options.plugins.some(
      (plugin) => plugin instanceof ModuleFederationPlugin,
    );
    // The dev server compiles the host's bootstrap lazily: its chunk is a proxy at first.
    // (No mode builds as production; plugins are applied before the defaults are filled.)
    const production = compiler.options.mode !== 'development';
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('FirstPaintPlugin', (compilation) => {
      // After minification (which would drop the comment), before the source maps, the
      // content hashes and the compressed copies are made from the files. (Development
      // builds get it too: unminified, it still names the files the page starts with.)
      compilation.hooks.processAssets.tap(
        { name: 'FirstPaintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of firstPaintScripts(this.#list(compilation, federated, production))) {
            compilation.updateAsset(
              file,
              (source) => new sources.ConcatSource(COMPILE_HINT, source),
            );
          }
        },
      );
      compilation.hooks.processAssets.tap(
        {
          name: 'FirstPaintPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          // Listed again: the content hashes, rewritten since, are in the file names.
          const list = this.#list(compilation, federated, production);
          compilation.emitAsset(
            FIRST_PAINT_FILE,
            new sources.RawSource(JSON.stringify(list, null, 1)),
          );
        },
      );
    });
  }

  #list(compilation: Compilation, federated: boolean, production: boolean): FirstPaintList {
    const entry = compilation.namedChunkGroups.get(this.options.entryGroup);
    if (!entry) throw new Error(`FirstPaintPlugin: no entry named ${this.options.entryGroup}`);
    // A build without that start (the benchmark's single bundle) has it all in the entry;
    // a federated build without it would list a first paint that loads nothing.
    const start = startGroup(compilation, this.options.start);
    if (federated && !start) {
      throw new Error(
        `FirstPaintPlugin: found no chunk group for ${JSON.stringify(this.options.start)}: ` +
          'the exposes are named otherwise now (see remoteExposes in shared/src/remotes.ts)',
      );
    }
    if (!groupFiles(entry).some((file) => file.endsWith('.js'))) {
      throw new Error(`FirstPaintPlugin: the entry ${this.options.entryGroup} has no script`);
    }
    const providers = providerGroups(compilation);
    // What the start consumes, and what each consumed package's own copy consumes in turn.
    const consumes = new Set<string>();
    const pending = start ? consumedBy(chunkModules(compilation, start)) : [];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (consumes.has(name)) continue;
      consumes.add(name);
      const provider = providers.get(name);
      if (provider) pending.push(...consumedBy(chunkModules(compilation, provider)));
    }
    // Every widget and the host's bootstrap use React from the share scope: none found
    // means the federation plugin names its modules otherwise now (CONSUMED above).
    if (federated && production && start && consumes.size === 0) {
      throw new Error(
        `FirstPaintPlugin: found no shared package that ${JSON.stringify(this.options.start)} ` +
          'consumes: the federation plugin names its consume modules otherwise now ' +
          '(CONSUMED in shared/build/first-paint-speed/first-paint-plugin.ts)',
      );
    }
    return {
      version: 1,
      entry: groupFiles(entry),
      critical: start ? groupFiles(start) : [],
      consumes: [...consumes].sort(),
      provides: Object.fromEntries(
        [...providers]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, group]) => [name, groupFiles(group)]),
      ),
      federated,
      ...(federated && this.options.runtimeVersion
        ? { runtimeVersion: this.options.runtimeVersion }
        : {}),
    };
  }
}
