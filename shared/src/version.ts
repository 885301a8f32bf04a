/**
 * The version of this package's public API and state shape. Remotes are built against
 * a range of it (see the federation share config); a major bump means a remote built
 * for the old one must not join the store.
 */
export const SHARED_API_VERSION = '3.1.0';
export const SHARED_API_MAJOR = 3;
