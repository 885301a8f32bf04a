import { useState } from 'react';
import { css } from '@emotion/react';
import { formatTokenLabel, safeImageUrl, theme } from '@token-portfolio/shared';

const token = css`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
`;

const logo = css`
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 6px;
`;

const letter = css`
  ${logo};
  display: inline-grid;
  place-items: center;
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  font-size: 13px;
  font-weight: 600;
`;

interface TokenCellProps {
  name: string;
  symbol: string;
  image: string | null | undefined;
}

/** Logo (or its first letter when there is none or it fails), name and upper-case symbol. */
export function TokenCell({ name, symbol, image }: TokenCellProps) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const source = safeImageUrl(image);
  return (
    <span css={token}>
      {source && source !== failedImage ? (
        <img
          css={logo}
          src={source}
          alt=""
          width={28}
          height={28}
          loading="lazy"
          onError={() => setFailedImage(source)}
        />
      ) : (
        <span css={letter} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <span>{formatTokenLabel(name, symbol)}</span>
    </span>
  );
}
