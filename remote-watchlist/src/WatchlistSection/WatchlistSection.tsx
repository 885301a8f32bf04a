import { useRef } from 'react';
import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { AddTokenButton } from '../AddTokenButton/AddTokenButton';
import { ExportImportMenu } from '../ExportImportMenu/ExportImportMenu';
import { RefreshButton } from '../RefreshButton/RefreshButton';
import { WalletBalancesButton } from '../WalletBalancesButton/WalletBalancesButton';
import { WatchlistTable } from '../WatchlistTable/WatchlistTable';
import { StarIcon } from '../Icons/Icons';

const section = css`
  /* A grid item of the page: without this the table's width could widen the page. */
  min-width: 0;
  color: ${theme.color.text};
  font-family: ${theme.font.family};
`;

const bar = css`
  ${theme.row};
  /* With a wallet connected there are four buttons: on a narrow screen they wrap. */
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

const heading = css`
  ${theme.row};
  gap: 8px;
  margin: 0;
  font-size: 24px;
  font-weight: 500;
  ${theme.narrow} {
    font-size: 20px;
  }
`;

// They wrap too in a slot narrower than the buttons (an embedded widget 280 px wide).
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

/**
 * The 'Watchlist' section: heading, Refresh Prices, Export / Import, Use wallet balances
 * (with a wallet connected) and Add Token, and the table.
 */
export function WatchlistSection() {
  const addTokenButton = useRef<HTMLButtonElement>(null);
  return (
    <section css={section} aria-labelledby="watchlist-heading">
      <div css={bar}>
        <h2 id="watchlist-heading" css={heading}>
          <StarIcon width={24} height={24} color={theme.color.accent} />
          Watchlist
        </h2>
        <div css={actions}>
          <RefreshButton />
          <ExportImportMenu />
          <WalletBalancesButton />
          <AddTokenButton ref={addTokenButton} />
        </div>
      </div>
      <WatchlistTable focusWhenEmpty={addTokenButton} />
    </section>
  );
}
