import { css } from '@emotion/react';
import { TokenLogo, formatTokenLabel } from '@token-portfolio/shared';

const token = css`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
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
      <span>{formatTokenLabel(name, symbol)}</span>
    </span>
  );
}
