import type { ReactElement } from 'react';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { WidgetRoot } from '@token-portfolio/shared';
import { WatchlistSection } from './WatchlistSection/WatchlistSection';

/** The './Watchlist' expose: the section inside the page's one store. */
export default function Watchlist(options: WidgetOptions): ReactElement {
  return (
    <WidgetRoot {...options}>
      <WatchlistSection />
    </WidgetRoot>
  );
}
