import type { ReactElement } from 'react';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { WidgetRoot } from '@token-portfolio/shared';
import { SummaryCard } from './SummaryCard/SummaryCard';

// Its signature is public (docs/embedding.md): only widget-types and React's types; the
// return type is spelled out, since inferred it would be @emotion/react's.
/** The exposed widget: the summary card on the page's one store. */
export default function PortfolioSummary(options: WidgetOptions): ReactElement {
  return (
    <WidgetRoot {...options}>
      <SummaryCard />
    </WidgetRoot>
  );
}
