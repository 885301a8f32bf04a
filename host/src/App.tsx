import { css } from '@emotion/react';
import { WidgetRoot, theme } from '@token-portfolio/shared';
import { RemoteSlot } from './RemoteSlot';
import { AddTokenSlot } from './AddTokenSlot';
import { usePortfolioShownSignal } from './usePortfolioShown';

const layout = css`
  max-width: 1440px;
  margin: 0 auto;
  padding: 12px 24px 48px;
  display: grid;
  gap: 24px;
  ${theme.narrow} {
    padding: 8px 16px 32px;
    gap: 16px;
  }
`;

// Fixed-height placeholders so the page does not jump as each remote arrives.
const headerSpace = css`
  min-height: 56px;
`;
const summarySpace = css`
  min-height: 328px;
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
`;

/** The composed page: each part is a remote loaded at runtime into its own slot. */
export function App() {
  return (
    <WidgetRoot>
      <ComposedPage />
    </WidgetRoot>
  );
}

function ComposedPage() {
  usePortfolioShownSignal();
  return (
    <div css={layout}>
      <RemoteSlot name="header" placeholder={<div css={headerSpace} />} />
      <main
        css={css`
          display: grid;
          gap: inherit;
        `}
      >
        <RemoteSlot name="summary" placeholder={<div css={summarySpace} />} />
        <RemoteSlot name="watchlist" />
      </main>
      <AddTokenSlot />
    </div>
  );
}
