import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

const message = css`
  margin: 0;
  padding: 16px 12px;
  color: ${theme.color.textMuted};
  text-align: center;
  font-size: 14px;
`;

const errorMessage = css`
  ${message};
  color: ${theme.color.loss};
`;

type ListStatusProps =
  { kind: 'loading' | 'loadingMore' | 'empty' | 'end' } | { kind: 'error'; error: string | null };

const TEXT = {
  loading: 'Loading...',
  loadingMore: 'Loading more...',
  empty: 'No results',
  end: "You've reached the end",
} as const;

/** The status line under (or instead of) the list; texts exactly as docs/product.md#the-screen. */
export function ListStatus(props: ListStatusProps) {
  if (props.kind === 'error') {
    return (
      <p css={errorMessage} role="alert">
        Error loading coins.{props.error ? ` ${props.error}` : ''}
      </p>
    );
  }
  return (
    <p css={message} role="status">
      {TEXT[props.kind]}
    </p>
  );
}
