// One copy of each container's start-up code on the composed page
// (docs/architecture.md#custom-build-pieces-and-their-guards).
// Rspack's federation plugin generates a module into every container that wires the
// bundler runtime into its webpack runtime: 4.5 KB minified, the same in every build but
// for the container's name and options. The host's copy becomes a function that the
// remotes' composed entries call instead of carrying their own.
import { LENT_STARTUP } from '../../src/remotes';

/** How the federation plugin requests its start-up module: a data URL behind a loader. */
export const STARTUP_REQUEST = /^@module-federation\/runtime\/rspack\.js!=!data:text\/javascript,/;

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
].join(',');

export type StartupRole = 'lender' | 'borrower';

/**
 * The start-up module's request rewritten: the host's (`lender`) runs its code as a
 * function it keeps on its federation object; a remote's composed part (`borrower`) only
 * calls that function with its own webpack require and options.
 */
export function rewriteStartupRequest(request: string, role: StartupRole): string {
  const prefix = STARTUP_REQUEST.exec(request)?.[0];
  const source = prefix === undefined ? '' : decodeURIComponent(request.slice(prefix.length));
  const at = source.indexOf(CODE_START);
  // The code must reach its container's webpack require only through runtimeRequire:
  // anything else would be the host's once the code is lent.
  if (
    prefix === undefined ||
    at < 0 ||
    !source.slice(0, at).endsWith(';') ||
    source.slice(at + CODE_START.length).includes('__webpack_require__')
  ) {
    throw new Error(
      'The federation start-up module has a shape this build does not know (an Rspack ' +
        'upgrade changed it): see shared/build/first-paint-speed/container-startup.ts',
    );
  }
  const head = source.slice(0, at);
  const call = `(__webpack_require__,${OPTIONS})`;
  const rewritten =
    role === 'lender'
      ? `${head}const startContainer=(__module_federation_runtime_require__,${OPTIONS})=>{` +
        source
          .slice(at)
          .replace(CODE_START, 'const runtimeRequire=__module_federation_runtime_require__;') +
        `};if(__webpack_require__.federation)__webpack_require__.federation.${LENT_STARTUP}=startContainer;` +
        `startContainer${call}`
      : `${head}__module_federation_bundler_runtime__.${LENT_STARTUP}${call}`;
  return prefix + encodeURIComponent(rewritten);
}
