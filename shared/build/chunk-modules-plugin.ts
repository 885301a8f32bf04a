import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

/**
 * A module's identity across builds: 'react/cjs/react.production.js' for a package file,
 * '@token-portfolio/shared/src/index.ts' for ours.
 */
export function moduleKey(modulePath: string): string | null {
  const clean = modulePath
    .replace(/\\/g, '/')
    .replace(/^.*!/, '')
    .replace(/[?#].*$/, '');
  const parts = clean.split('node_modules/');
  if (parts.length > 1) return parts[parts.length - 1] ?? null;
  const workspace = /(?:^|\/)(shared|host|remote-[a-z-]+)\/((?:src|build)\/.*)$/.exec(clean);
  return workspace ? `@token-portfolio/${workspace[1]}/${workspace[2]}` : null;
}

/** The package a module key belongs to: '@scope/name' or 'name'. */
export function packageOfModuleKey(key: string): string {
  const [first = '', second = ''] = key.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

interface ModuleLike {
  nameForCondition(): string | undefined;
  readonly modules?: ModuleLike[];
}

function collectModules(modules: Iterable<ModuleLike>, into: Set<string>) {
  for (const module of modules) {
    const key = moduleKey(module.nameForCondition() ?? '');
    if (key) into.add(key);
    // A concatenated module carries several source modules.
    if (module.modules) collectModules(module.modules, into);
  }
}

/**
 * Writes dist/chunk-modules.json: for each emitted JS file, the source modules it
 * carries. Browser tests and the benchmark map loaded files through it to prove that
 * no module is loaded twice across host and remotes. A compilation that does not clean
 * dist/ (a remote's second container part) adds its files to what the first one wrote.
 */
export class ChunkModulesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('ChunkModulesPlugin', (compilation) => {
      const file = path.join(compiler.options.output.path ?? 'dist', 'chunk-modules.json');
      const byFile: Record<string, string[]> =
        !compiler.options.output.clean && existsSync(file)
          ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>)
          : {};
      for (const chunk of compilation.chunks) {
        const modules = new Set<string>();
        collectModules(compilation.chunkGraph.getChunkModules(chunk) as ModuleLike[], modules);
        for (const file of chunk.files) {
          if (file.endsWith('.js')) byFile[file] = [...modules].sort();
        }
      }
      writeFileSync(file, JSON.stringify(byFile, null, 1));
    });
  }
}
