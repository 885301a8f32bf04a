import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { registration } from './remotes';

/**
 * Federation runtime plugin: a remote is registered before the runtime looks for it, so a
 * remote the page was not told the entry of is read from its list the first time any of its
 * modules is asked for (docs/architecture.md#the-composed-page-step-by-step). A failure
 * here reaches errorLoadRemote, as a failed script does.
 */
export default function registerBeforeRequest() {
  return {
    name: 'token-portfolio-register-before-request',
    async beforeRequest<Args extends { id: string }>(args: Args) {
      await registration(args.id.split('/')[0] ?? '');
      return args;
    },
  } satisfies ModuleFederationRuntimePlugin;
}
