import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
// The registry and the config's type, not the shared package: this module runs in main.js,
// before the shared packages are negotiated (index.ts).
import type { RuntimeConfig, WidgetOptions } from '@token-portfolio/shared/config';
import { remoteEntry } from './remoteEntries';
import {
  FIRST_PAINT_REMOTES,
  REMOTES,
  REMOTE_NAMES,
  isRemoteName,
  type RemoteName,
} from '@token-portfolio/shared/remotes';

type Widget = { default: ComponentType<WidgetOptions> };

/**
 * The federation version of the composed entries this host runs (runtime-core's and
 * Rspack's, docs/architecture.md#the-version-rule), defined by the build's first-paint speed plugin
 * (shared/build/first-paint-speed/). A host built without it runs every remote on its
 * public remoteEntry.js.
 */
declare const FEDERATION_VERSION: string | undefined;
const composedEntriesVersion = () =>
  typeof FEDERATION_VERSION === 'string' ? FEDERATION_VERSION : undefined;

let manifestUrls: Partial<Record<RemoteName, string>> = {};

/** Each remote's registration with the runtime, once its entry is known. */
const registrations = new Map<RemoteName, Promise<void>>();

/** The loads started for the first paint, by remote: the slots take these. */
const firstPaintLoads = new Map<RemoteName, Promise<Widget>>();

/** The first-paint widgets that have arrived, by remote: a slot renders these at once. */
const arrivedWidgets = new Map<RemoteName, Widget>();

function register(name: RemoteName, entry: Promise<string>, force: boolean): Promise<void> {
  const registration = entry.then((url) => registerRemotes([{ name, entry: url }], { force }));
  registrations.set(name, registration);
  return registration;
}

/** A remote's entry read from the list beside its manifest (remoteEntries.ts). */
function entryFromList(name: RemoteName): Promise<string> {
  const url = manifestUrls[name];
  return url
    ? remoteEntry(url, composedEntriesVersion())
    : Promise.reject(new Error(`the runtime config names no ${name}`));
}

/**
 * Takes the remotes from the runtime config: the host build names no URL. A remote whose
 * entry the composed server named is registered with it at once; any other the first time
 * one of its modules is asked for (registration).
 */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  manifestUrls = config.remotes;
  for (const name of REMOTE_NAMES) {
    const entry = config.entries?.[name];
    if (entry) void register(name, Promise.resolve(new URL(entry, document.baseURI).href), false);
  }
}

/**
 * Registers one remote again, dropping the runtime's cached failure, before a retry:
 * from the list beside its manifest (the remote may have been redeployed, with another
 * version, since the page came).
 */
export function reRegisterRemote(name: RemoteName): void {
  firstPaintLoads.delete(name);
  arrivedWidgets.delete(name);
  // Awaited by the load that follows (registerBeforeRequest.ts).
  void register(name, entryFromList(name), true);
}

/**
 * A remote's registration, from the list beside its manifest when nothing registered it
 * yet. The runtime awaits it before every request of one of its modules, whoever asks: a
 * slot, the Add Token modal, or a page calling loadRemote itself (docs/embedding.md).
 */
export function registration(name: string): Promise<void> {
  if (!isRemoteName(name)) return Promise.resolve(); // the runtime says it has no such remote
  return registrations.get(name) ?? register(name, entryFromList(name), false);
}

async function loadWidget(name: RemoteName): Promise<Widget> {
  const { widget } = REMOTES[name];
  const module = await loadRemote<Widget>(`${name}/${widget}`);
  if (!module?.default) throw new Error(`${name} exposes no ${widget} component`);
  return module;
}

/**
 * Starts loading the widgets of the first paint without waiting for React to render their
 * slots. main.js, which holds the federation runtime, arrives well before the shared
 * packages, and the remotes' entries and widget chunks have been preloaded since the page
 * came: started from the slots, the remote entries ran only after React had rendered the
 * page around them, 1.4 s after they had arrived (Slow 4G, CPU 4x; docs/architecture.md#the-composed-page-step-by-step).
 */
export function startFirstPaintLoads(): void {
  for (const name of FIRST_PAINT_REMOTES) {
    const load = loadWidget(name);
    load.then(
      (widget) => {
        // Unless a Retry has replaced this load meanwhile.
        if (firstPaintLoads.get(name) === load) arrivedWidgets.set(name, widget);
      },
      () => undefined, // the slot shows the failure
    );
    firstPaintLoads.set(name, load);
  }
}

/**
 * A slot's widget: the load started for the first paint, failure included. Asking the
 * runtime again would not repeat the failure: it hands over the remote's cached module,
 * and a widget whose shared core was refused (another major version) then fails while
 * rendering instead of saying that it does not fit this page.
 */
export const widgetLoad = (name: RemoteName): Promise<Widget> =>
  firstPaintLoads.get(name) ?? loadWidget(name);

/**
 * A first-paint widget that has already arrived, else undefined. A slot that suspended on
 * it, even for a promise already settled, would show its placeholder first, and React
 * holds back what a Suspense boundary reveals until 300 ms after the last placeholder
 * shown: 300 ms to 550 ms of a cold load (docs/architecture.md#the-composed-page-step-by-step).
 */
export const arrivedWidget = (name: RemoteName): Widget | undefined => arrivedWidgets.get(name);
