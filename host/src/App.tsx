import { css } from '@emotion/react';
import {
  REMOTES,
  REMOTE_NAMES,
  ColorSchemeSwitch,
  WidgetRoot,
  theme,
  type RemoteEntry,
} from '@token-portfolio/shared';
import { RemoteSlot } from './RemoteSlot';
import { DeferredSlot } from './DeferredSlot';
import { PortfolioShownSignal } from './PortfolioShownSignal';

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
const cardSpace = css`
  min-height: 328px;
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
`;

const footer = css`
  display: flex;
  justify-content: flex-end;
`;

const placed = (placement: RemoteEntry['placement']) =>
  REMOTE_NAMES.filter((name) => REMOTES[name].placement === placement);

/** The composed page: each part is a remote loaded at runtime into its own slot. */
export function App() {
  return (
    <WidgetRoot>
      <ComposedPage />
    </WidgetRoot>
  );
}

function ComposedPage() {
  return (
    <div css={layout}>
      <PortfolioShownSignal />
      {placed('header').map((name) => (
        <RemoteSlot key={name} name={name} placeholder={<div css={headerSpace} />} />
      ))}
      <main
        css={css`
          display: grid;
          gap: inherit;
        `}
      >
        {placed('main').map((name) => (
          <RemoteSlot key={name} name={name} placeholder={<div css={cardSpace} />} />
        ))}
      </main>
      {placed('deferred').map((name) => (
        <DeferredSlot key={name} name={name} />
      ))}
      <footer css={footer}>
        <ColorSchemeSwitch />
      </footer>
    </div>
  );
}
