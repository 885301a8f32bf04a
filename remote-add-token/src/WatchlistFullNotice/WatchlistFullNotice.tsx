import { css } from '@emotion/react';
import { WATCHLIST_CAP, selectWatchlistFull, theme, useAppSelector } from '@token-portfolio/shared';

const notice = css`
  margin: 0 auto 0 0;
  align-self: center;
  color: ${theme.color.textMuted};
  font-size: 13px;
`;

/** Says why a token cannot be added once the watchlist is full (an alert: read out as it appears). */
export function WatchlistFullNotice() {
  const full = useAppSelector(selectWatchlistFull);
  if (!full) return null;
  return (
    <p css={notice} role="alert">
      Your watchlist is full ({WATCHLIST_CAP.toLocaleString('en-US')} tokens). Remove a token to add
      another.
    </p>
  );
}
