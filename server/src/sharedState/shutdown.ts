import type { FastifyInstance } from 'fastify';

/** SIGTERM (or SIGINT) stops the server within this long, whatever is still running. */
export const STOP_WITHIN_MS = 10_000;

/**
 * Stops on SIGTERM or SIGINT, as a rolling restart needs (docs/deploying.md): the server
 * stops accepting connections and closes idle ones, lets the requests in flight finish
 * (answered with `Connection: close`), ends long-lived answers (preClose hooks), then closes
 * what it holds, Redis last (onClose hooks). Whatever is still open 1 s before
 * STOP_WITHIN_MS is cut, and the process exits.
 */
export function stopOnSignals(app: FastifyInstance, exit: (code: number) => void): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const cut = setTimeout(() => {
      app.server.closeAllConnections();
      exit(1);
    }, STOP_WITHIN_MS - 1_000);
    cut.unref();
    app.close().then(
      () => exit(0),
      () => exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
