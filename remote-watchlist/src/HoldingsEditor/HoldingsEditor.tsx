import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';
import { focusRing, primaryButton, theme } from '@token-portfolio/shared';

const form = css`
  ${theme.row};
  justify-content: flex-end;
  gap: 8px;
`;

// Input and Save fit the Holdings column's fixed width (columns/columns.ts).
const input = css`
  width: 96px;
  height: 32px;
  padding: 0 8px;
  border: 1px solid ${theme.color.surfaceRaised};
  border-radius: ${theme.radius.control};
  background: ${theme.color.page};
  color: ${theme.color.text};
  font: inherit;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  text-align: right;
  ${focusRing};
`;

const saveButton = css`
  ${primaryButton};
  min-height: 32px;
  padding: 0 12px;
`;

interface HoldingsEditorProps {
  tokenName: string;
  /** The holdings when editing began: the starting text, and what Escape goes back to. */
  holdings: string;
  onCommit: (holdings: string) => void;
}

/** Number input (any decimal step, no bounds): Save or Enter commits, Escape resets. */
export function HoldingsEditor({ tokenName, holdings, onCommit }: HoldingsEditorProps) {
  const [text, setText] = useState(holdings);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  function commit(event: FormEvent) {
    event.preventDefault();
    onCommit(text.trim());
  }

  function resetOnEscape(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setText(holdings);
  }

  return (
    <form css={form} onSubmit={commit}>
      <input
        ref={inputRef}
        css={input}
        type="number"
        step="any"
        inputMode="decimal"
        aria-label={`Holdings of ${tokenName}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={resetOnEscape}
      />
      <button type="submit" css={saveButton}>
        Save
      </button>
    </form>
  );
}
