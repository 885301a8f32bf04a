import type { ReactElement } from 'react';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { WidgetRoot } from '@token-portfolio/shared';
import { WatchlistSection } from './WatchlistSection/WatchlistSection';

// Its signature is public (docs/embedding.md): only widget-types and React's types; the
// return type is spelled out, since inferred it would be @emotion/react's.
/** The './Watchlist' expose: the section inside the page's one store. */
export default function Watchlist(options: WidgetOptions): ReactElement {
  return (
    <WidgetRoot {...options}>
      <WatchlistSection />
    </WidgetRoot>
  );
}
