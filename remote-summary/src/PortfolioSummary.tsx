import { WidgetRoot, type WidgetOptions } from '@token-portfolio/shared';
import { SummaryCard } from './SummaryCard/SummaryCard';

/** The exposed widget: the summary card on the page's one store. */
export default function PortfolioSummary(options: WidgetOptions) {
  return (
    <WidgetRoot {...options}>
      <SummaryCard />
    </WidgetRoot>
  );
}
