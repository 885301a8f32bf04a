import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import {
  PARTNER_HOSTS,
  TYPESCRIPT_PARTNER,
  partnerProjectDir,
  runNpm,
  type PartnerHost,
  type PartnerProject,
} from '../../scripts/partner-hosts';
import { test, expect } from '../support/test';
import {
  addTokens,
  connectButton,
  expectPricesFromGateway,
  portfolioTotal,
  recordPriceRequests,
  watchlist,
} from '../support/ui';

// A partner's own Module Federation host (partner-hosts/<host>, built by global setup and
// served from its own origin) registers every remote by its manifest URL on the composed
// server, another origin, and shows it in one of the two forms of docs/embedding.md: as a
// component in the partner's React tree, or through `./mount` (its own React root). A
// component on a React other than the partner's would fail its first hook in that tree.

type Form = 'component' | 'mount';

const partnerSite = (host: PartnerProject): string => {
  const sites = JSON.parse(process.env['E2E_PARTNER_HOSTS'] ?? '{}') as Record<string, string>;
  const site = sites[host];
  if (!site) throw new Error(`Global setup started no site for the ${host} partner host.`);
  return site;
};

/** The React version the partner's package.json pins. */
const partnerReact = (host: PartnerHost): string => {
  const file = path.resolve(import.meta.dirname, '../../partner-hosts', host, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { dependencies: Record<string, string> };
  return pkg.dependencies['react'] ?? '';
};

/** The partner's page with every widget in one form; returns the price requests it sends. */
async function openPartnerPage(page: Page, host: PartnerHost, form: Form, server: string) {
  const priceRequests = recordPriceRequests(page);
  await page.goto(`${partnerSite(host)}?${new URLSearchParams({ server, form })}`);
  // The page renders with the partner's own React: no remote replaced it.
  await expect(
    page.getByRole('heading', { name: `Partner host (React ${partnerReact(host)})` }),
  ).toBeVisible();
  return priceRequests;
}

const status = (page: Page, name: string) => page.getByTestId(`status-${name}`);

for (const host of PARTNER_HOSTS) {
  const forms: Form[] = partnerReact(host).startsWith('19.') ? ['component', 'mount'] : ['mount'];
  for (const form of forms) {
    test(`a ${host} partner host shows every widget by its manifest as ${form}, with prices from the gateway`, async ({
      page,
      baseURL,
    }) => {
      const priceRequests = await openPartnerPage(page, host, form, baseURL ?? '');
      for (const name of REMOTE_NAMES) {
        await expect(status(page, name)).toHaveText(
          `${name} (${form}): ${form === 'mount' ? 'mounted' : 'loaded'}`,
        );
      }

      await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
      await expect(connectButton(page)).toBeVisible();
      const ethereum = watchlist(page).getByRole('row', { name: /^Ethereum \(ETH\)/ });
      await expect(ethereum).toContainText('$3,987.12');
      await expectPricesFromGateway(watchlist(page), priceRequests);
      await expect(portfolioTotal(page)).toHaveText('$24,219.02');

      // The Add Token modal opens from the watchlist: the widgets share one store.
      await addTokens(page, ['Bitcoin']);
      await expect(watchlist(page).getByRole('row', { name: /^Bitcoin \(BTC\)/ })).toContainText(
        '$111,234.56',
      );
    });
  }
}

test.describe('the component form on a React 18 host', () => {
  // An error React's boundary caught is reported on the console: that one is expected.
  const namesReact19 = /\breact\b\D*\^?19/i;
  test.use({ allowConsoleErrors: namesReact19 });

  test('gives a clear error naming React 19 and the host version', async ({ page, baseURL }) => {
    const host = PARTNER_HOSTS.find((name) => partnerReact(name).startsWith('18.'));
    if (!host) throw new Error('No partner host runs React 18.');
    await openPartnerPage(page, host, 'component', baseURL ?? '');
    for (const name of REMOTE_NAMES) {
      await expect(status(page, name)).toHaveText(new RegExp(`^${name} \\(component\\): error: `));
      await expect(status(page, name)).toHaveText(namesReact19);
      await expect(status(page, name)).toContainText(partnerReact(host));
    }
  });
});

test('a TypeScript partner with our remotes in its build config gets them typed, and they run', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dir = partnerProjectDir(TYPESCRIPT_PARTNER);
  // Its build downloads each remote's type hints (@mf-types.zip, named by the manifest);
  // then its code, which renders the watchlist with a gateway and mounts the summary, checks.
  const typecheck = await runNpm(['run', 'typecheck'], dir, {
    TOKEN_PORTFOLIO_SERVER: baseURL ?? '',
  });
  expect(typecheck.code, typecheck.output).toBe(0);

  // Wrong options are errors, so the props are typed, not `any` (unresolved types would be).
  const misuse = await runNpm(['exec', '--', 'tsc', '-p', 'tsconfig.misuse.json'], dir);
  expect(misuse.code).not.toBe(0);
  expect(misuse.output).toContain(
    `error TS2322: Type '"blue"' is not assignable to type 'ColorScheme | undefined'.`,
  );
  expect(misuse.output).toContain(
    `error TS2322: Type 'number' is not assignable to type 'string'.`,
  );
  expect(misuse.output).toContain(
    `error TS2322: Type 'string' is not assignable to type 'number'.`,
  );
  expect(misuse.output.match(/error TS/g)).toHaveLength(3);

  // Remotes in the build config are registered before the host's React starts: they must
  // not hand it their own React (the newest registered version wins by default).
  const priceRequests = recordPriceRequests(page);
  await page.goto(partnerSite(TYPESCRIPT_PARTNER));
  const ethereum = watchlist(page).getByRole('row', { name: /^Ethereum \(ETH\)/ });
  await expect(ethereum).toContainText('$3,987.12');
  // Its props reached the widget: colorScheme="dark" on a light-preferring browser (the
  // dark scheme's text, #f4f4f5) and the theme's accent on the Add Token button.
  await expect(watchlist(page).getByRole('heading', { name: 'Watchlist' })).toHaveCSS(
    'color',
    'rgb(244, 244, 245)',
  );
  await expect(watchlist(page).getByRole('button', { name: 'Add Token' })).toHaveCSS(
    'background-color',
    'rgb(255, 214, 10)',
  );
  await expectPricesFromGateway(watchlist(page), priceRequests);
  await expect(portfolioTotal(page)).toHaveText('$24,219.02');
});
