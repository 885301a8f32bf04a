import { LENT_STARTUP } from '../../src/remotes';
import { rewriteStartupRequest } from './container-startup';

// The start-up module as Rspack's federation plugin requests it: the container's
// constants, then the code that wires the bundler runtime into the container's webpack
// runtime (here reduced to recording what it was given).
const startupRequest = (name: string, code = 'const runtimeRequire=__webpack_require__;') => {
  const constants = [
    'const __module_federation_bundler_runtime__ = bundlerRuntime',
    `const __module_federation_runtime_plugins__ = [${JSON.stringify(`${name} plugin`)}]`,
    `const __module_federation_remote_infos__ = { of: ${JSON.stringify(name)} }`,
    `const __module_federation_container_name__ = ${JSON.stringify(name)}`,
    'const __module_federation_share_strategy__ = "loaded-first"',
    `const __module_federation_share_fallbacks__ = ${JSON.stringify(`${name} fallbacks`)}`,
    'const __module_federation_library_type__ = "var"',
  ];
  const names = constants.map((line) => line.split(' ')[1]);
  return (
    '@module-federation/runtime/rspack.js!=!data:text/javascript,' +
    encodeURIComponent(
      [...constants, `${code}runtimeRequire.started = [${names.join(', ')}]`].join(';'),
    )
  );
};

interface WebpackRequire {
  federation: Record<string, unknown>;
  started?: unknown[];
}

/** Runs a rewritten start-up module as its container would. */
function run(request: string, webpackRequire: WebpackRequire, bundlerRuntime: object): void {
  const source = decodeURIComponent(request.slice(request.indexOf(',') + 1));
  new Function('__webpack_require__', 'bundlerRuntime', source)(webpackRequire, bundlerRuntime);
}

it("runs a remote's start-up on the host's code, with the remote's own require and options", () => {
  const host: WebpackRequire = { federation: {} };
  const hostRuntime = { of: 'host' };
  run(rewriteStartupRequest(startupRequest('host'), 'lender'), host, hostRuntime);
  const hostStarted = [
    hostRuntime,
    ['host plugin'],
    { of: 'host' },
    'host',
    'loaded-first',
    'host fallbacks',
    'var',
  ];
  expect(host.started).toEqual(hostStarted);

  const summary: WebpackRequire = { federation: {} };
  const borrowed = rewriteStartupRequest(startupRequest('summary'), 'borrower');
  expect(decodeURIComponent(borrowed)).not.toContain('runtimeRequire.started');
  const lent = { [LENT_STARTUP]: host.federation[LENT_STARTUP] };
  run(borrowed, summary, lent);
  expect(summary.started).toEqual([
    lent,
    ['summary plugin'],
    { of: 'summary' },
    'summary',
    'loaded-first',
    'summary fallbacks',
    'var',
  ]);
  expect(host.started).toEqual(hostStarted);
});

it('fails the build, saying why, when Rspack generates the module in another shape', () => {
  const shapes = [
    startupRequest('summary', 'const runtimeRequire=__rspack_require__;'),
    // Code that reaches the webpack require other than through runtimeRequire.
    startupRequest('summary', 'const runtimeRequire=__webpack_require__;__webpack_require__.x=1;'),
    startupRequest('summary').replace('rspack.js!=!', 'other.js!=!'),
  ];
  for (const request of shapes) {
    expect(() => rewriteStartupRequest(request, 'borrower')).toThrow(
      /start-up module has a shape this build does not know/,
    );
  }
});
