import { useState } from 'react';
import { css } from '@emotion/react';
import { safeImageUrl } from '../format/safeImageUrl';
import { theme } from '../theme';

const SIZE = 28;

// A thin ring, so a dark badge still shows on a dark surface (and a light one on light).
const box = css`
  flex: none;
  width: ${SIZE}px;
  height: ${SIZE}px;
  box-shadow: 0 0 0 1px ${theme.color.logoRing};
`;

const SHAPES = {
  /** The Add Token list. */
  circle: css`
    ${box};
    border-radius: 50%;
  `,
  /** The watchlist table. */
  square: css`
    ${box};
    border-radius: ${theme.radius.control};
  `,
};

const letter = css`
  display: inline-grid;
  place-items: center;
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  font-size: 13px;
  font-weight: 600;
`;

interface TokenLogoProps {
  /** Addresses to try in order; the next is tried when one fails to load. Unsafe ones are skipped. */
  images: readonly (string | null | undefined)[];
  name: string;
  shape: keyof typeof SHAPES;
}

/** The token's logo, or the first letter of its name when no image loads. Decorative. */
export function TokenLogo({ images, name, shape }: TokenLogoProps) {
  // Failed addresses, not a count: a new address (fresh market data) is tried again.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const src = images
    .map(safeImageUrl)
    .find((url): url is string => url !== null && !failed.has(url));
  if (src === undefined) {
    return (
      <span css={[SHAPES[shape], letter]} aria-hidden="true">
        {name.charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      key={src}
      css={SHAPES[shape]}
      src={src}
      alt=""
      width={SIZE}
      height={SIZE}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed((before) => new Set(before).add(src))}
    />
  );
}
