import path from 'node:path';
import { HOST_APP, REMOTES, REMOTE_NAMES } from '@token-portfolio/shared/remotes';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The federated apps' folders, from the remote registry: every remote, then the host. */
export const APP_FOLDERS: readonly string[] = [
  ...REMOTE_NAMES.map((name) => REMOTES[name].folder),
  HOST_APP.folder,
];
