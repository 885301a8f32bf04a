// Stands in for '@module-federation/enhanced/runtime' in the single-bundle baseline: the
// host's own code runs unchanged, but each widget is bundled in instead of fetched.
import type { ComponentType } from 'react';
import Header from '../../remote-header/src/Header';
import PortfolioSummary from '../../remote-summary/src/PortfolioSummary';
import Watchlist from '../../remote-watchlist/src/Watchlist';
import AddTokenModal from '../../remote-add-token/src/AddTokenModal';

const BUNDLED_WIDGETS: Record<string, { default: ComponentType }> = {
  'header/Header': { default: Header },
  'summary/PortfolioSummary': { default: PortfolioSummary },
  'watchlist/Watchlist': { default: Watchlist },
  'addToken/AddTokenModal': { default: AddTokenModal },
};

/** Nothing to register: every widget is part of this bundle. */
export function registerRemotes(): void {}

export async function loadRemote<T>(id: string): Promise<T | null> {
  return (BUNDLED_WIDGETS[id] ?? null) as T | null;
}
