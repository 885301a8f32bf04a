import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { REMOTE_NAMES, provideRuntimeConfig, type RemoteName } from '@token-portfolio/shared';
import type { RuntimeConfig, WidgetOptions } from '@token-portfolio/shared/config';
import registerBeforeRequest from './federation/registerBeforeRequest';
import { registerRemotesFromConfig, startFirstPaintLoads } from './federation/remotes';
import { RemoteSlot } from './RemoteSlot';
import { whenSlotShown } from './slotsShown';

// The federation runtime stands in for the network: each remote's widget arrives (or its
// load fails) when the test says so (a remote's code is outside the page's control).
type Load = { resolve: (widget: unknown) => void; reject: (error: Error) => void };
const pending = new Map<string, Load>();
const registered: { name: string; entry: string; force: boolean }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => {
    registered.push(...remotes.map((remote) => ({ ...remote, force: options?.force ?? false })));
  },
  // As the runtime does: its plugins' beforeRequest first (ours registers the remote).
  loadRemote: async (id: string) => {
    await registerBeforeRequest().beforeRequest({ id });
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
    });
  },
}));

const widgetOf = (name: RemoteName) => ({
  default: ({ colorScheme }: WidgetOptions) => (
    <p>
      The {name} widget{colorScheme && ` in ${colorScheme}`}
    </p>
  ),
});
/** The load of this remote's widget now waiting on the network. */
function loadOf(name: RemoteName): Load {
  const id = [...pending.keys()].find((key) => key.startsWith(`${name}/`));
  const load = id === undefined ? undefined : pending.get(id);
  if (id === undefined || !load) throw new Error(`no load of ${name} is waiting`);
  pending.delete(id);
  return load;
}
const arrive = async (name: RemoteName) => {
  await asked(name);
  loadOf(name).resolve(widgetOf(name));
};
const fail = async (name: RemoteName) => {
  await asked(name);
  loadOf(name).reject(new Error('Failed to fetch'));
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
/** Until the runtime is asked for this remote's widget (its entry may be read first). */
async function asked(name: RemoteName) {
  for (let tries = 0; ![...pending.keys()].some((id) => id.startsWith(`${name}/`)); tries += 1) {
    if (tries > 50) throw new Error(`${name} was never asked for`);
    await settle();
  }
}

// The lists beside the remotes' manifests, as the server serves them, for the remotes the
// page was not told the entry of.
const FEDERATION_VERSION = '2.9.2+rspack.2.2.9';
const listOf = (runtimeVersion: string) => ({
  version: 1,
  entry: ['remoteEntry.composed.js'],
  critical: [],
  consumes: [],
  provides: {},
  federated: true,
  runtimeVersion,
});
const lists = setupServer(
  http.get('http://localhost/remotes/:name/first-paint.json', () =>
    HttpResponse.json(listOf(FEDERATION_VERSION)),
  ),
);

let container: HTMLElement;
let root: Root;
beforeAll(() => {
  lists.listen({ onUnhandledRequest: 'error' });
  // The build's constant (DefinePlugin) in the host's page.
  Object.assign(globalThis, { FEDERATION_VERSION });
  const config: RuntimeConfig = {
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
    ) as Record<RemoteName, string>,
    market: { plan: 'demo', baseUrl: '/api/market', apiKey: null },
    widgetOptions: { watchlist: { colorScheme: 'light' } },
    walletConnectProjectId: null,
    localChainRpcUrl: null,
    // As the composed server names them; the others are read from their lists.
    entries: {
      header: '/remotes/header/remoteEntry.composed.js',
      summary: '/remotes/summary/remoteEntry.composed.js',
    },
  };
  provideRuntimeConfig(config);
  registerRemotesFromConfig(config);
  startFirstPaintLoads();
});
afterAll(() => lists.close());
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  jest.restoreAllMocks();
});

const renderSlot = (name: RemoteName) =>
  act(() => {
    root.render(<RemoteSlot name={name} placeholder={<div>Placeholder</div>} />);
  });

// Each test takes a remote of its own: the first-paint loads start once, for the module.
describe('a remote slot on the composed page', () => {
  it('shows a widget whose code has arrived in its first paint, never its placeholder', async () => {
    await arrive('summary');
    await settle();

    renderSlot('summary');
    expect(container.textContent).toBe('The summary widget');
  });

  it('holds the place with the placeholder until the widget arrives, with its options', async () => {
    renderSlot('watchlist');
    expect(container.textContent).toBe('Placeholder');

    await arrive('watchlist');
    await settle();
    // The runtime config's options for this widget.
    expect(container.textContent).toBe('The watchlist widget in light');
  });

  it('tells the page a slot is shown once its widget is on screen, not before', async () => {
    let shownWith: string | null = null;
    void whenSlotShown('addToken').then(() => {
      shownWith = container.textContent;
    });
    renderSlot('addToken');
    await settle();
    expect(shownWith).toBeNull();

    await arrive('addToken');
    await settle();
    expect(shownWith).toBe('The addToken widget');
  });

  it('registers a remote by the entry the server named, the others by their lists', () => {
    const entryOf = (name: RemoteName) =>
      registered.find((remote) => remote.name === name)?.entry ?? '';
    expect(new URL(entryOf('header')).pathname).toBe('/remotes/header/remoteEntry.composed.js');
    // Read from the list beside its manifest: same federation version, so its composed entry.
    expect(new URL(entryOf('watchlist')).pathname).toBe(
      '/remotes/watchlist/remoteEntry.composed.js',
    );
  });

  it('offers Retry when the first load failed, and shows the widget the retry brings', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the error
    let shown = false;
    void whenSlotShown('header').then(() => {
      shown = true;
    });
    await fail('header');
    await settle();
    renderSlot('header');
    await settle();
    expect(container.textContent).toContain('is unavailable right now.');
    // Its fallback card counts as shown: the rest of the page does not wait for it.
    expect(shown).toBe(true);

    registered.length = 0;
    // Redeployed meanwhile, built with another federation version.
    lists.use(
      http.get('http://localhost/remotes/header/first-paint.json', () =>
        HttpResponse.json(listOf('2.9.3+rspack.2.3.0')),
      ),
    );
    act(() => {
      container.querySelector('button')?.click();
    });
    // Registered again, by its list (not by the entry the server named when the page came),
    // replacing the runtime's registration: its self-contained entry.
    await arrive('header');
    expect(
      registered.map(({ name, entry, force }) => [name, new URL(entry).pathname, force]),
    ).toEqual([['header', '/remotes/header/remoteEntry.js', true]]);
    await settle();
    expect(container.textContent).toBe('The header widget');
  });
});
