import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTES,
  REMOTE_NAMES,
  type RemoteName,
  type RuntimeConfig,
} from '@token-portfolio/shared';

let manifestUrls: Partial<Record<RemoteName, string>> = {};

/** Registers every remote from the runtime config: the host build names no URL. */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  manifestUrls = config.remotes;
  registerRemotes(
    REMOTE_NAMES.map((name) => ({
      name,
      entry: new URL(config.remotes[name], document.baseURI).href,
    })),
  );
}

/** Registers one remote again, dropping the runtime's cached failure, before a retry. */
export function reRegisterRemote(name: RemoteName): void {
  const url = manifestUrls[name];
  if (url) registerRemotes([{ name, entry: new URL(url, document.baseURI).href }], { force: true });
}

export async function loadWidget(name: RemoteName): Promise<{ default: ComponentType }> {
  const { widget } = REMOTES[name];
  const module = await loadRemote<{ default: ComponentType }>(`${name}/${widget}`);
  if (!module?.default) throw new Error(`${name} exposes no ${widget} component`);
  return module;
}
