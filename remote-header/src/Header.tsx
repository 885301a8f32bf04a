import { css } from '@emotion/react';
import { Suspense, lazy, useState } from 'react';
import {
  WidgetRoot,
  selectPortfolioLoading,
  theme,
  useAppSelector,
  type WidgetOptions,
} from '@token-portfolio/shared';

const bar = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  min-height: 56px;
  ${theme.narrow} {
    gap: 8px;
  }
`;

const title = css`
  margin: 0;
  font-size: 20px;
  white-space: nowrap;
  font-weight: 600;
  color: ${theme.color.text};
`;

// The wallet stack is the heaviest part of the page: it loads after the portfolio shows.
// A lazy component per header, not per module: React keeps a failed import, and the host's
// Retry mounts a new header, which must try again.
const lazyWalletControl = () => lazy(() => import('./WalletControl/WalletControl'));

function HeaderBar() {
  const [WalletControl] = useState(lazyWalletControl);
  // On a composed page the host says when the summary and watchlist are on screen.
  const portfolioLoading = useAppSelector(selectPortfolioLoading);
  return (
    <header css={bar}>
      <h1 css={title}>Token Portfolio</h1>
      <Suspense fallback={null}>{portfolioLoading ? null : <WalletControl />}</Suspense>
    </header>
  );
}

/** The page header: the title at once, the wallet control when its code has arrived. */
export default function Header(options: WidgetOptions) {
  return (
    <WidgetRoot {...options}>
      <HeaderBar />
    </WidgetRoot>
  );
}
