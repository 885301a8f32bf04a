import { WidgetRoot, type WidgetOptions } from '@token-portfolio/shared';
import { WatchlistSection } from './WatchlistSection/WatchlistSection';

/** The './Watchlist' expose: the section inside the page's one store. */
export default function Watchlist(options: WidgetOptions) {
  return (
    <WidgetRoot {...options}>
      <WatchlistSection />
    </WidgetRoot>
  );
}
