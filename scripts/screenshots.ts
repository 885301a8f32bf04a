// `npx tsx scripts/screenshots.ts [base URL]`: the composed page at 375, 768 and 1280 px in
// both colour schemes, into docs/screenshots/. Start the app first (`npm run start:offline`).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot } from './apps';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000/';
const WIDTHS = [375, 768, 1280];
const SCHEMES = ['dark', 'light'] as const;
const outDir = path.join(repoRoot, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      const page = await browser.newPage({
        viewport: { width, height: 900 },
        colorScheme: scheme,
      });
      await page.goto(baseUrl);
      // The table shows prices: the portfolio has loaded.
      await page.getByRole('rowheader').first().waitFor();
      await page.getByText('$0.20').first().waitFor();
      // Lazy logos below the fold would be blank in a full-page picture.
      await page.evaluate(() =>
        document.querySelectorAll('img').forEach((image) => (image.loading = 'eager')),
      );
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
      const file = path.join(outDir, `${width}-${scheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
