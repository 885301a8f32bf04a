import type { ReactElement } from 'react';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { WidgetRoot } from '@token-portfolio/shared';
import { SummaryCard } from './SummaryCard/SummaryCard';

/** The exposed widget: the summary card on the page's one store. */
export default function PortfolioSummary(options: WidgetOptions): ReactElement {
  return (
    <WidgetRoot {...options}>
      <SummaryCard />
    </WidgetRoot>
  );
}
