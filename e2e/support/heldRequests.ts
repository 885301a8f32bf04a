import type { Page } from '@playwright/test';

/** The header's wallet code: its chunks, but not its entry or the header itself. */
export const WALLET_CODE = /\/remotes\/header\/(?!remoteEntry|__federation_expose_Header).*\.js$/;

/** The watchlist's code: held, the portfolio is still loading, as with a slow market. */
export const WATCHLIST_CODE = /\/remotes\/watchlist\/.*\.js$/;

/**
 * The page's requests to `url` wait until `release()` (a slow line or server for just
 * them); `asked` settles once the page has made one.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(url, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, asked };
}
