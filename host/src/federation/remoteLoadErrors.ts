import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A remote could not be fetched or evaluated: its slot shows a fallback card. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  /** Built against a shared-core version this page does not provide. */
  readonly incompatible: boolean;
  constructor(
    readonly remoteId: string,
    options: { cause: unknown },
  ) {
    super(`The remote module "${remoteId}" could not be loaded.`, options);
    this.incompatible = isVersionMismatch(options.cause);
  }
}

/** The federation runtime's words for a singleton whose version does not satisfy a remote. */
function isVersionMismatch(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
  return (
    /does not satisfy|requiredVersion|version/i.test(text) && /@token-portfolio\/shared/.test(text)
  );
}

/**
 * Federation runtime plugin: turns every load failure (remoteEntry, chunk,
 * shared-version mismatch) into one typed error that the slot's error boundary shows,
 * with a single warning in the console instead of the runtime's varied messages.
 */
export default function remoteLoadErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'token-portfolio-remote-load-errors',
    errorLoadRemote({ id, error }) {
      // A failure before the request (registerBeforeRequest.ts) comes here twice.
      if (error instanceof RemoteUnavailableError) throw error;
      console.warn(`[token-portfolio] ${id} is unavailable:`, error);
      throw new RemoteUnavailableError(id, { cause: error });
    },
  };
}
