import type { FastifyServerOptions } from 'fastify';

/**
 * Where a secret could sit in a logged object. A market key: a headers object or settings
 * with an apiKey (the gateway never logs them). A session id, nonce or wallet: the arguments
 * of a failed Redis command, which ioredis attaches to its errors (`err.command.args`), as
 * when a Redis still answers but refuses writes (a read-only replica, NOREPLICAS, MISCONF).
 */
const SECRET_PATHS = [
  'apiKey',
  '*.apiKey',
  '*.*.apiKey',
  ...['x-cg-demo-api-key', 'x-cg-pro-api-key'].flatMap((header) => [
    `headers["${header}"]`,
    `*.headers["${header}"]`,
  ]),
  'err.command.args',
  // The errors one wraps: a failed MULTI's (ioredis) and an AggregateError's (pino keeps
  // only the message and stack of a `cause`).
  'err.previousErrors[*].command.args',
  'err.aggregateErrors[*].command.args',
];

/** The server's logger options with those secrets redacted (false stays false). */
export function withSecretRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  return {
    ...(logger === true ? {} : logger),
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
  };
}
