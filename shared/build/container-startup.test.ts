import { rewriteStartupRequest } from './container-startup';

// The start-up module as Rspack's federation plugin requests it: the container's
// constants, then the code that wires the bundler runtime into the container's webpack
// runtime (here reduced to recording what it was given).
const startupRequest = (name: string, code = 'const runtimeRequire=__webpack_require__;') =>
  '@module-federation/runtime/rspack.js!=!data:text/javascript,' +
  encodeURIComponent(
    [
      'const __module_federation_bundler_runtime__ = bundlerRuntime',
      'const __module_federation_runtime_plugins__ = []',
      'const __module_federation_remote_infos__ = {}',
      `const __module_federation_container_name__ = ${JSON.stringify(name)}`,
      'const __module_federation_share_strategy__ = "loaded-first"',
      'const __module_federation_share_fallbacks__ = undefined',
      'const __module_federation_library_type__ = "var"',
      `${code}runtimeRequire.started = [__module_federation_container_name__, ` +
        '__module_federation_share_strategy__, __module_federation_library_type__]',
    ].join(';'),
  );

interface WebpackRequire {
  federation: Record<string, unknown>;
  started?: string[];
}

/** Runs a rewritten start-up module as its container would. */
function run(request: string, webpackRequire: WebpackRequire, bundlerRuntime: object): void {
  const source = decodeURIComponent(request.slice(request.indexOf(',') + 1));
  new Function('__webpack_require__', 'bundlerRuntime', source)(webpackRequire, bundlerRuntime);
}

it("runs a remote's start-up on the host's code, with the remote's own require and options", () => {
  const host: WebpackRequire = { federation: {} };
  run(rewriteStartupRequest(startupRequest('host'), 'lender'), host, {});
  expect(host.started).toEqual(['host', 'loaded-first', 'var']);

  const summary: WebpackRequire = { federation: {} };
  const borrowed = rewriteStartupRequest(startupRequest('summary'), 'borrower');
  expect(decodeURIComponent(borrowed)).not.toContain('runtimeRequire.started');
  run(borrowed, summary, { startContainer: host.federation['startContainer'] });
  expect(summary.started).toEqual(['summary', 'loaded-first', 'var']);
  expect(host.started).toEqual(['host', 'loaded-first', 'var']);
});

it('fails the build, saying why, when Rspack generates the module in another shape', () => {
  const changed = startupRequest('summary', 'const runtimeRequire=__rspack_require__;');
  expect(() => rewriteStartupRequest(changed, 'borrower')).toThrow(
    /start-up module has a shape this build does not know/,
  );
});
