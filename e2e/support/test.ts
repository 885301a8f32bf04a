import { test as base, expect, type ConsoleMessage } from '@playwright/test';

export interface Fixtures {
  /** Console errors that this test expects (e.g. a 404 of a remote it took away). */
  allowConsoleErrors: RegExp | null;
}

/**
 * The base test: baseURL is the composed server started in global setup, and any
 * console error or uncaught page error fails the test unless the test allows it.
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env['E2E_BASE_URL']);
  },
  allowConsoleErrors: [null, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    const record = (text: string) => {
      if (!allowConsoleErrors?.test(text)) errors.push(text);
    };
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') record(message.text());
    });
    page.on('pageerror', (error) => record(`${error.name}: ${error.message}`));
    await use(page);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };
