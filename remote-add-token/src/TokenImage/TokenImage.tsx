import { useState } from 'react';
import { css } from '@emotion/react';
import { safeImageUrl, theme } from '@token-portfolio/shared';

const SIZE = 28;

const box = css`
  flex: none;
  width: ${SIZE}px;
  height: ${SIZE}px;
  border-radius: 50%;
`;

const letter = css`
  ${box};
  display: grid;
  place-items: center;
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  font-size: 13px;
  font-weight: 600;
`;

interface TokenImageProps {
  /** URLs to try in order; the next is tried when one fails to load. Unsafe ones are skipped. */
  images: string[];
  name: string;
}

/** The token's image, or the first letter of its name when no image loads. */
export function TokenImage({ images, name }: TokenImageProps) {
  const [failed, setFailed] = useState(0);
  // The same rule as the watchlist: whoever passes the list, only safe addresses load.
  const sources = images.map(safeImageUrl).filter((url): url is string => url !== null);
  const src = sources[failed];
  if (src === undefined) {
    return (
      <span css={letter} aria-hidden="true" data-testid="token-letter">
        {name.charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      key={src}
      css={box}
      src={src}
      alt=""
      width={SIZE}
      height={SIZE}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed((count) => count + 1)}
    />
  );
}
