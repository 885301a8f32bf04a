import type { FastifyServerOptions } from 'fastify';

/**
 * Where a market key could sit in a logged object (a headers object, settings with an
 * apiKey). The gateway never logs them; redaction makes sure a later log line cannot either.
 */
const KEY_PATHS = [
  'apiKey',
  '*.apiKey',
  '*.*.apiKey',
  ...['x-cg-demo-api-key', 'x-cg-pro-api-key'].flatMap((header) => [
    `headers["${header}"]`,
    `*.headers["${header}"]`,
  ]),
];

/** The server's logger options with the market key redacted (false stays false). */
export function withKeyRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  return { ...(logger === true ? {} : logger), redact: { paths: KEY_PATHS, censor: '[redacted]' } };
}
