import path from 'node:path';
import { REMOTES, REMOTE_NAMES, type RemoteName } from '@token-portfolio/shared/remotes';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where each app's build is served from (tests point these at other folders). */
export type DistFolders = Record<'host' | RemoteName, string>;

export const defaultDistFolders = (): DistFolders => ({
  host: path.join(repoRoot, 'host/dist'),
  ...(Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, path.join(repoRoot, REMOTES[name].folder, 'dist')]),
  ) as Record<RemoteName, string>),
});
