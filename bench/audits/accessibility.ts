import type { Browser } from '@playwright/test';
import { openPage } from '../browser';
import { seriousAxeViolations } from './axe';

/** axe-core on the composed page, then with the Add Token modal open. */
export async function accessibilityViolations(
  browser: Browser,
  url: string,
): Promise<Record<string, string[]>> {
  const { context, page } = await openPage(browser, { throttled: false });
  try {
    await page.goto(url);
    await page.getByRole('heading', { name: 'Watchlist' }).waitFor();
    await page.waitForLoadState('networkidle');
    const onPage = await seriousAxeViolations(page);
    await page.getByRole('button', { name: /add token/i }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    const withModal = await seriousAxeViolations(page);
    return { page: onPage, 'Add Token modal open': withModal };
  } finally {
    await context.close();
  }
}
