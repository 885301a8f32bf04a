import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { theme } from '../theme';
import { primaryButton } from './buttons';

/** How long Undo is offered after holdings were set. */
export const UNDO_OFFERED_MS = 8_000;

const notice = css`
  position: fixed;
  left: 50%;
  bottom: 24px;
  z-index: 900;
  transform: translateX(-50%);
  ${theme.row};
  gap: 16px;
  width: max-content;
  max-width: calc(100vw - 32px);
  padding: 10px 12px 10px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  font: 14px/1.4 ${theme.font.family};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.5);
`;

const undoButton = css`
  ${primaryButton};
  min-height: 32px;
  padding: 0 12px;
`;

interface UndoNoticeProps {
  message: string;
  onUndo: () => void;
  /** The offer is over: undone, or its time ran out. */
  onDone: () => void;
}

/**
 * A short notice with Undo, offered for a few seconds. The time does not run while the
 * pointer or the keyboard focus is on it, so nobody loses the button while reaching it.
 */
export function UndoNotice({ message, onUndo, onDone }: UndoNoticeProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onDone, UNDO_OFFERED_MS);
    return () => clearTimeout(timer);
  }, [held, onDone]);

  return (
    <div
      css={notice}
      role="status"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span>{message}</span>
      <button
        type="button"
        css={undoButton}
        onClick={() => {
          onUndo();
          onDone();
        }}
      >
        Undo
      </button>
    </div>
  );
}
