import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { REMOTE_NAMES, type RemoteName } from '@token-portfolio/shared';
import { registerRemotesFromConfig, startFirstPaintLoads } from './federation/remotes';
import { RemoteSlot } from './RemoteSlot';

// The federation runtime stands in for the network: each remote's widget arrives when the
// test lets it (a remote's code is outside the page's control).
const arrivals = new Map<string, (widget: { default: () => React.ReactNode }) => void>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => undefined,
  loadRemote: (id: string) =>
    new Promise((resolve) => {
      arrivals.set(id, resolve);
    }),
}));

const widgetOf = (name: RemoteName) => ({ default: () => <p>The {name} widget</p> });
const arrive = (name: RemoteName) => {
  const id = [...arrivals.keys()].find((key) => key.startsWith(`${name}/`));
  if (id) arrivals.get(id)?.(widgetOf(name));
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

let container: HTMLElement;
let root: Root;
beforeAll(() => {
  registerRemotesFromConfig({
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
    ) as Record<RemoteName, string>,
    market: { plan: 'demo', baseUrl: '/api/market', apiKey: null },
    walletConnectProjectId: null,
    localChainRpcUrl: null,
  });
  startFirstPaintLoads();
});
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const renderSlot = (name: RemoteName) =>
  act(() => {
    root.render(<RemoteSlot name={name} placeholder={<div>Placeholder</div>} />);
  });

describe('a remote slot on the composed page', () => {
  it('shows a widget whose code has arrived in its first paint, never its placeholder', async () => {
    arrive('summary');
    await settle();

    renderSlot('summary');
    expect(container.textContent).toBe('The summary widget');
  });

  it('holds the place with the placeholder until the widget arrives', async () => {
    renderSlot('watchlist');
    expect(container.textContent).toBe('Placeholder');

    arrive('watchlist');
    await settle();
    expect(container.textContent).toBe('The watchlist widget');
  });
});
