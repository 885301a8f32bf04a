// Wrong uses of the remotes' exposes, each of which the type hints must reject
// (e2e/tests/partner-hosts.spec.ts expects exactly these errors).
import { loadRemote } from '@module-federation/enhanced/runtime';

export async function misuse(slot: HTMLElement) {
  const watchlist = await loadRemote('watchlist/Watchlist');
  const summary = await loadRemote('summary/mount');
  const addToken = await loadRemote('addToken/mount');
  if (!watchlist || !summary || !addToken) return null;
  summary.default(slot, { colorScheme: 'blue' });
  addToken.default(slot, { searchDelayMs: '900' });
  const Watchlist = watchlist.default;
  return <Watchlist market={{ baseUrl: 42 }} />;
}
