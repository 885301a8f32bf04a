import { defineConfig } from '@playwright/test';

/** Chromium flags for a machine with no network but loopback (see README). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: 'list',
  globalSetup: './global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'], args: CHROMIUM_ARGS },
    // Recording a trace for every test made the run about 18% slower (the trace's
    // screenshots about 12%) and CI keeps none of them, so a failing test leaves only its
    // screenshot; for a trace, run it again with `--trace on` (README).
    screenshot: 'only-on-failure',
  },
});
