import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RequestLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How often to look, as Node's connectionsCheckingInterval. */
  checkEveryMs: number;
}

/** A connection's request now, or null while its headers have not all arrived. */
interface Receiving {
  /** When the connection opened or sent its last answer: never after the request began. */
  since: number;
  request: IncomingMessage | null;
}

/**
 * Node checks headersTimeout and requestTimeout only until server.close(): closing clears
 * that check (httpServerPreClose in lib/_http_server.js), then waits for every connection.
 * So once the server began to stop (SIGTERM), a request whose headers or body never finish
 * held its connection, and the stopping process, for good. From the close on, this keeps
 * both limits: a connection still receiving a request past its limit is handed to `expire`
 * (the 408 of the client-error handler), and connections that fall idle are closed.
 * Counted from when the connection opened or sent its last answer, a limit ends no later
 * than Node's own (which starts at the request's first byte).
 */
export function holdLimitsWhileClosing(
  server: Server,
  { headersTimeoutMs, requestTimeoutMs, checkEveryMs }: RequestLimits,
  expire: (socket: Socket) => void,
): { startChecking(): void } {
  const connections = new Map<Socket, Receiving>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { since: Date.now(), request: null });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const receiving = connections.get(request.socket);
    if (receiving) receiving.request = request;
    response.once('finish', () => {
      if (receiving?.request === request)
        Object.assign(receiving, { since: Date.now(), request: null });
    });
  });

  const check = () => {
    server.closeIdleConnections(); // Node does it once, as the close begins
    const now = Date.now();
    for (const [socket, { since, request }] of connections) {
      // A complete request waits for its answer: the limits are for receiving one.
      if (request?.complete) continue;
      if (now - since >= (request ? requestTimeoutMs : headersTimeoutMs)) expire(socket);
    }
  };
  return {
    startChecking() {
      // Unreferenced: the connections it watches keep the process up, not the timer.
      const timer = setInterval(check, checkEveryMs).unref();
      server.once('close', () => clearInterval(timer));
    },
  };
}
