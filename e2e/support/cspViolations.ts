import type { Page } from '@playwright/test';

export interface Violation {
  directive: string;
  blocked: string;
}

/** Records every `securitypolicyviolation` event of every document the page loads. */
export async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  const reported: Violation[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      reported.push({ directive: 'console', blocked: message.text() });
    }
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations,
    )),
    ...reported,
  ];
}
