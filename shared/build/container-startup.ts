// One copy of each container's start-up code on the composed page (docs/decisions/0024).
// The federation plugin generates a module into every container that wires the bundler
// runtime into its webpack runtime: 4.5 KB minified, the same in every build but for the
// container's name and options. The host's copy becomes a function that the remotes'
// composed entries call instead of carrying their own.
import { rspack } from '@rspack/core';

/** How the federation plugin requests its start-up module: a data URL behind a loader. */
const STARTUP_REQUEST = /^@module-federation\/runtime\/rspack\.js!=!data:text\/javascript,/;

/** Where the generated module's code begins: what precedes it are imports and constants. */
const CODE_START = 'const runtimeRequire=__webpack_require__;';

/** The constants the generated code reads, in the order the lent function takes them. */
const OPTIONS = [
  '__module_federation_bundler_runtime__',
  '__module_federation_runtime_plugins__',
  '__module_federation_remote_infos__',
  '__module_federation_container_name__',
  '__module_federation_share_strategy__',
  '__module_federation_share_fallbacks__',
  '__module_federation_library_type__',
];

/** The name under which the host lends it (host/src/federation/lendBundlerRuntime.ts). */
const LENT_STARTUP = 'startContainer';

interface StartupModule {
  /** The imports and constants of this container. */
  head: string;
  /** The start-up code, the same for every container of one Rspack version. */
  code: string;
}

function splitStartupModule(source: string): StartupModule {
  const at = source.indexOf(CODE_START);
  if (at < 0 || source.indexOf(CODE_START, at + 1) >= 0 || !source.slice(0, at).endsWith(';')) {
    throw new Error(
      'The federation start-up module has a shape this build does not know: the Rspack ' +
        'upgrade changed it; see shared/build/container-startup.ts',
    );
  }
  return { head: source.slice(0, at), code: source.slice(at) };
}

const decode = (request: string) => decodeURIComponent(request.replace(STARTUP_REQUEST, ''));
const encode = (request: string, source: string) =>
  request.match(STARTUP_REQUEST)?.[0] + encodeURIComponent(source);

const call = `(__webpack_require__,${OPTIONS.join(',')})`;

/** The host's start-up module: runs its own code and lends it to the remotes. */
function lenderSource({ head, code }: StartupModule): string {
  const own = code.replace(
    CODE_START,
    'const runtimeRequire=__module_federation_runtime_require__;',
  );
  return (
    `${head}const startContainer=(__module_federation_runtime_require__,${OPTIONS.join(',')})=>{${own}};` +
    `__webpack_require__.federation.${LENT_STARTUP}=startContainer;startContainer${call}`
  );
}

/** A remote's composed start-up module: the host's code, called with this container's options. */
function borrowerSource({ head }: StartupModule): string {
  return `${head}__module_federation_bundler_runtime__.${LENT_STARTUP}${call}`;
}

/**
 * Rewrites the federation plugin's start-up module: the host's lends its code, a remote's
 * composed part borrows it.
 */
export const containerStartup = (role: 'lender' | 'borrower') =>
  new rspack.NormalModuleReplacementPlugin(STARTUP_REQUEST, (data) => {
    const startup = splitStartupModule(decode(data.request));
    data.request = encode(
      data.request,
      role === 'lender' ? lenderSource(startup) : borrowerSource(startup),
    );
  });
