import { css } from '@emotion/react';
import {
  WidgetRoot,
  formatUsd,
  selectPortfolioTotal,
  theme,
  useAppSelector,
} from '@token-portfolio/shared';

const card = css`
  background: ${theme.color.surface};
  border-radius: ${theme.radius.card};
  padding: 24px;
`;

function SummaryCard() {
  const total = useAppSelector(selectPortfolioTotal);
  return (
    <section css={card} aria-label="Portfolio summary">
      <p>Portfolio Total</p>
      <p>{formatUsd(total)}</p>
    </section>
  );
}

export default function PortfolioSummary() {
  return (
    <WidgetRoot>
      <SummaryCard />
    </WidgetRoot>
  );
}
