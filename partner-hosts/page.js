// The page of every partner host: Token Portfolio's widgets, loaded at run time from a Token
// Portfolio server by their manifests, each with a status line a reader (or a test) can see.
// Each host's entry hands in its own React and its bundler's federation runtime, so this
// file imports nothing and every host runs it on its own copies.
//
// Query string:
//   server  the Token Portfolio server (default http://127.0.0.1:3000/, `npm start`)
//   form    `component` (the widget in this page's React tree, the default) or `mount`
//           (the widget's `./mount`: its own React root)

/** The remotes and the React component each exposes besides `./mount`. */
const WIDGETS = {
  header: 'Header',
  summary: 'PortfolioSummary',
  watchlist: 'Watchlist',
  addToken: 'AddTokenModal',
};

export function renderPartnerPage({ React, createRoot, registerRemotes, loadRemote }) {
  const h = React.createElement;
  const params = new URLSearchParams(location.search);
  const server = new URL(params.get('server') ?? 'http://127.0.0.1:3000/');
  const form = params.get('form') === 'mount' ? 'mount' : 'component';
  // The server's market gateway: it holds the key; it must list this page's origin in
  // MARKET_GATEWAY_CORS_ORIGINS.
  const market = { baseUrl: new URL('api/market', server).href };

  registerRemotes(
    Object.keys(WIDGETS).map((name) => ({
      name,
      entry: new URL(`remotes/${name}/mf-manifest.json`, server).href,
    })),
  );

  const describe = (error) => `error: ${error instanceof Error ? error.message : String(error)}`;

  /** Loads `<name>/<module>`; rejects when the runtime answers with nothing. */
  const load = async (name, module) => {
    const exports = await loadRemote(`${name}/${module}`);
    if (!exports) throw new Error(`${name}/${module} did not load`);
    return exports;
  };

  function Status({ name, text }) {
    return h('p', { 'data-testid': `status-${name}` }, `${name} (${form}): ${text}`);
  }

  /** Reports a widget's render error on its status line instead of unmounting the page. */
  class ErrorBoundary extends React.Component {
    state = { error: null };
    static getDerivedStateFromError(error) {
      return { error };
    }
    render() {
      const { error } = this.state;
      return error
        ? h(Status, { name: this.props.name, text: describe(error) })
        : this.props.children;
    }
  }

  /** The widget as a component of this page's tree, with this page's React. */
  function AsComponent({ name }) {
    const [state, setState] = React.useState({ text: 'loading' });
    React.useEffect(() => {
      load(name, WIDGETS[name]).then(
        (exports) => setState({ text: 'loaded', Widget: exports.default }),
        (error) => setState({ text: describe(error) }),
      );
    }, [name]);
    const { text, Widget } = state;
    return h(
      ErrorBoundary,
      { name },
      h(Status, { name, text }),
      Widget ? h(Widget, { market, colorScheme: 'light' }) : null,
    );
  }

  /** The widget through its `./mount`: its own root inside an element of this page. */
  function AsMount({ name }) {
    const slot = React.useRef(null);
    const [text, setText] = React.useState('loading');
    React.useEffect(() => {
      let unmount = null;
      let left = false;
      load(name, 'mount')
        .then(({ mount }) => {
          if (left) return;
          unmount = mount(slot.current, { market, colorScheme: 'light' });
          setText('mounted');
        })
        .catch((error) => setText(describe(error)));
      return () => {
        left = true;
        unmount?.();
      };
    }, [name]);
    return h(React.Fragment, null, h(Status, { name, text }), h('div', { ref: slot }));
  }

  const Widget = form === 'mount' ? AsMount : AsComponent;
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    h(
      'main',
      null,
      h('h1', null, `Partner host (React ${React.version})`),
      Object.keys(WIDGETS).map((name) => h('section', { key: name }, h(Widget, { name }))),
    ),
  );
}
