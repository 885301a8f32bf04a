import { css } from '@emotion/react';
import { WidgetRoot, theme } from '@token-portfolio/shared';

const bar = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  min-height: 56px;
`;

const title = css`
  margin: 0;
  font-size: 20px;
  font-weight: 600;
  color: ${theme.color.text};
`;

/** The page header: the title and, once the wallet work lands, the wallet control. */
export default function Header() {
  return (
    <WidgetRoot>
      <header css={bar}>
        <h1 css={title}>Token Portfolio</h1>
      </header>
    </WidgetRoot>
  );
}
