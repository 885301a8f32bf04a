import { css } from '@emotion/react';
import { TokenLogo, formatTokenLabel, theme } from '@token-portfolio/shared';

const token = css`
  ${theme.row};
  gap: 12px;
  min-width: 0;
`;

/** In the table's fixed-width column a long name ends in an ellipsis (cards let it wrap). */
const label = css`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

interface TokenCellProps {
  name: string;
  symbol: string;
  image: string | null | undefined;
}

/** Logo (or its first letter when there is none or it fails), name and upper-case symbol. */
export function TokenCell({ name, symbol, image }: TokenCellProps) {
  return (
    <span css={token}>
      <TokenLogo images={[image]} name={name} shape="square" />
      <span css={label}>{formatTokenLabel(name, symbol)}</span>
    </span>
  );
}
