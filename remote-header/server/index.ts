// What the composed server (server/) mounts from the header: its sign-in API and the
// shared session store. Reached as @token-portfolio/remote-header/server.
export { authPlugin, type AuthPluginOptions } from './authPlugin';
export { RedisSessionStore } from './redisSessionStore';
