// Runs in the page (page.addInitScript) before any app script: sets the performance
// mark 'portfolio-visible' once the portfolio shows this load's market data: every row
// of the watchlist's page with this load's price, and the summary's total equal to the
// rows' holdings at those prices. The samples' prices (a first visit shows them before
// the market answers) and the prices saved by an earlier visit never match: the bench's
// market moves every price by 2% before each load (market.ts). It reads only what a
// visitor sees, so no product code knows about it and it works the same for the
// federated and the single-bundle build.
import type { PricesByName } from '../market';

export const PORTFOLIO_VISIBLE = 'portfolio-visible';

export interface PortfolioVisibleOptions {
  markName: string;
  /** This load's price of each coin the market knows, by the name the rows show. */
  prices: PricesByName;
}

export function markPortfolioVisible({ markName, prices }: PortfolioVisibleOptions): void {
  // Room for every response of the load in Resource Timing (the default keeps 250).
  performance.setResourceTimingBufferSize(2_000);
  /**
   * Figures are rounded to cents, prices under $1 to four significant digits (so within a
   * cent too); sums of rounded figures may differ by a little more.
   */
  const CENT = 0.0051;
  const dollars = (text: string | null | undefined): number | null => {
    const amount = /\$\s?(\d[\d,]*\.\d+)/.exec(text ?? '')?.[1];
    return amount === undefined ? null : Number(amount.replace(/,/g, ''));
  };
  // The name a row shows is cut at 24 characters (formatName), then ' (SYMBOL)'.
  const names = Object.keys(prices).sort((a, b) => b.length - a.length);
  const coinShownAs = (label: string) => names.find((name) => label.startsWith(name.slice(0, 24)));

  // The card around the 'Portfolio Total' label: its nearest sectioning ancestor.
  const summaryTotal = () =>
    dollars(
      document
        .evaluate("//*[normalize-space(text())='Portfolio Total']", document, null, 9, null)
        .singleNodeValue?.parentElement?.closest('section, [role=region], article, div')
        ?.textContent,
    );

  /** The sum of the rows' holdings at this load's prices; null while a row shows others. */
  const rowsAtThisLoadsPrices = (): number | null => {
    const table = [...document.querySelectorAll('table')].find((t) =>
      [...t.querySelectorAll('thead th')].some((th) => th.textContent?.trim() === 'Price'),
    );
    if (!table) return null;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const priceColumn = headers.indexOf('Price');
    const holdingsColumn = headers.indexOf('Holdings');
    const rows = [...table.querySelectorAll('tbody tr')];
    if (rows.length === 0) return null;
    let total = 0;
    for (const row of rows) {
      const cells = [...row.children];
      const coin = coinShownAs(cells[0]?.textContent?.trim() ?? '');
      const shown = dollars(cells[priceColumn]?.textContent);
      if (coin === undefined || shown === null) return null;
      const price = prices[coin] ?? NaN;
      if (!(Math.abs(shown - price) <= CENT)) return null;
      const held = Number((cells[holdingsColumn]?.textContent ?? '').replace(/,/g, '').trim());
      if (!Number.isFinite(held)) return null;
      total += held * price;
    }
    return total;
  };

  const observer = new MutationObserver(() => {
    const expected = rowsAtThisLoadsPrices();
    const shown = expected === null ? null : summaryTotal();
    if (expected !== null && shown !== null && Math.abs(shown - expected) <= CENT) {
      performance.mark(markName);
      observer.disconnect();
    }
  });
  const start = () =>
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}
