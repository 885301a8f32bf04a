import { StrictMode, useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import {
  addTokenClosed,
  configureMarket,
  getMarketSettings,
  getStore,
  PageStyles,
  provideRuntimeConfig,
  REMOTES,
  selectAddTokenOpen,
  type RemoteName,
  type RuntimeConfig,
} from '@token-portfolio/shared';
import { readRuntimeConfig } from '@token-portfolio/shared/boot';
import { attributesOf, readOptions, warnAbout } from '@token-portfolio/shared/widget-options';
import type { WidgetOptions } from '@token-portfolio/widget-types';

/**
 * Loads a companion widget beside this one, by the config's URL of its manifest: its
 * embed.js (which sits beside it) and its element, joining the page's one store. False
 * when the config names none.
 */
function loadCompanion(
  config: Partial<RuntimeConfig> | null,
  market: WidgetOptions['market'],
  name: RemoteName,
): boolean {
  const manifestUrl = config?.remotes?.[name];
  if (typeof manifestUrl !== 'string') return false;
  try {
    const script = document.createElement('script');
    script.src = new URL('embed.js', new URL(manifestUrl, document.baseURI)).href;
    script.defer = true;
    // Its own bundle has its own market settings: this page's, through the attributes, with
    // the config's options for it.
    const widget = document.createElement(REMOTES[name].element);
    const given = { market, ...config?.widgetOptions?.[name] };
    const { options, problems } = readOptions(given);
    warnAbout(problems);
    for (const [attribute, value] of attributesOf(options)) widget.setAttribute(attribute, value);
    document.head.append(script);
    document.body.append(widget);
    return true;
  } catch {
    return false; // not a URL: said like a missing one
  }
}

const unavailableNotice = {
  margin: '0 0 16px',
  padding: '10px 16px',
  borderRadius: 8,
  border: '1px solid currentColor',
} as const;

/**
 * Where no Add Token widget can open (the config names none, as on a remote's dev
 * server), pressing Add Token says why instead of doing nothing.
 */
function AddTokenUnavailable() {
  const [said, setSaid] = useState(false);
  useEffect(() => {
    const store = getStore();
    return store.subscribe(() => {
      if (!selectAddTokenOpen(store.getState())) return;
      setSaid(true);
      store.dispatch(addTokenClosed());
    });
  }, []);
  return (
    <p role="alert" style={said ? unavailableNotice : undefined}>
      {said &&
        "Add Token is not available on this page: its config.json does not name the Add Token widget (the composed server's standalone pages do)."}
    </p>
  );
}

export interface StandaloneOptions {
  /** Widgets this one needs beside it: the watchlist's Add Token opens the addToken one. */
  companions?: RemoteName[];
}

/**
 * A remote's standalone page (`@token-portfolio/shared/standalone`, imported by its
 * bootstrap alone, so in no other build's bundle): its widget alone, with its own store.
 * Its market settings and the widget's options come from the config.json beside the page
 * when there is one (the composed server answers one under each remote; a static host may
 * deploy one); without it (a remote's dev server) the widget asks the public API with its
 * defaults. Companions named by that config are loaded beside it.
 */
export async function renderStandalone(
  name: RemoteName,
  Widget: ComponentType<WidgetOptions>,
  { companions = [] }: StandaloneOptions = {},
  rootId = 'root',
): Promise<void> {
  const element = document.getElementById(rootId);
  if (!element) throw new Error(`#${rootId} is missing from the page`);
  const config = await readRuntimeConfig().catch(() => null);
  let market: WidgetOptions['market'];
  if (config !== null && typeof config === 'object') {
    // The widget's own code (the header's wallet) reads it from here, as from a host.
    provideRuntimeConfig(config);
    // A config.json deployed by hand passes the options' door: a bad field is named in a
    // warning and its default applies.
    const { options, problems } = readOptions({ market: config.market });
    warnAbout(problems);
    market = options.market;
    if (market) configureMarket({ ...getMarketSettings(), ...market });
  }
  const addTokenMissing =
    companions.includes('addToken') && !loadCompanion(config, market, 'addToken');
  for (const companion of companions)
    if (companion !== 'addToken') loadCompanion(config, market, companion);
  createRoot(element).render(
    <StrictMode>
      <PageStyles />
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
        {addTokenMissing && <AddTokenUnavailable />}
        <Widget {...config?.widgetOptions?.[name]} />
      </main>
    </StrictMode>,
  );
}
