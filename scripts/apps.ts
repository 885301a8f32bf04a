import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The five federated apps, in the order they are built. */
export const APP_FOLDERS = [
  'remote-header',
  'remote-summary',
  'remote-watchlist',
  'remote-add-token',
  'host',
] as const;
export type AppFolder = (typeof APP_FOLDERS)[number];
