// What the composed server (server/) mounts from the header: its sign-in API, the session
// stores, and the sign-in as other APIs read it. Reached as @token-portfolio/remote-header/server.
export { authPlugin, type AuthPluginOptions } from './authPlugin';
export { crossSiteGuard } from './crossSiteGuard';
export { RedisSessionStore } from './redisSessionStore';
export { MemorySessionStore, type SessionStore, type SessionStoreSnapshot } from './sessionStore';
export {
  SignedInSessions,
  type SessionEnd,
  type SignedInSession,
  type SignedInSessionsOptions,
} from './signedInSessions';
