import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** Violations of impact serious or critical on the page as it is now: 'rule-id (n)'. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id} (${nodes.length})`);
}
