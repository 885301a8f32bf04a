import { css } from '@emotion/react';
import { WidgetRoot, selectWatchedCount, theme, useAppSelector } from '@token-portfolio/shared';

const section = css`
  color: ${theme.color.text};
`;

function WatchlistSection() {
  const count = useAppSelector(selectWatchedCount);
  return (
    <section css={section} aria-labelledby="watchlist-heading">
      <h2 id="watchlist-heading">Watchlist</h2>
      <p>{count} tokens watched</p>
    </section>
  );
}

export default function Watchlist() {
  return (
    <WidgetRoot>
      <WatchlistSection />
    </WidgetRoot>
  );
}
