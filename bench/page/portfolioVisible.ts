// Runs in the page (page.addInitScript) before any app script: sets the performance
// mark 'portfolio-visible' once the summary's total and the first table row both show a
// price. It reads only what a visitor sees, so no product code knows about it and it
// works the same for the federated and the single-bundle build.
export const PORTFOLIO_VISIBLE = 'portfolio-visible';

export function markPortfolioVisible(markName: string): void {
  const DOLLARS = /\$\s?(\d[\d,]*\.\d{2})/;
  const showsPrice = (element: Element | null | undefined) => {
    const amount = DOLLARS.exec(element?.textContent ?? '')?.[1];
    return amount !== undefined && Number(amount.replace(/,/g, '')) > 0;
  };
  // The card around the 'Portfolio Total' label: its nearest sectioning ancestor.
  const summaryTotal = () =>
    document
      .evaluate("//*[normalize-space(text())='Portfolio Total']", document, null, 9, null)
      .singleNodeValue?.parentElement?.closest('section, [role=region], article, div');
  const firstRow = () =>
    document.querySelector('tbody tr, [role=rowgroup] [role=row]:not(:has([role=columnheader]))');

  const observer = new MutationObserver(() => {
    if (showsPrice(summaryTotal()) && showsPrice(firstRow())) {
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
