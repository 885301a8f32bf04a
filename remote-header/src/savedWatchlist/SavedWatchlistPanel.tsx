import { css } from '@emotion/react';
import { useState } from 'react';
import {
  ReviewDialog,
  button,
  iconButton,
  primaryButton,
  reviewBody,
  reviewFooter,
  reviewForm,
  savedWatchlistDeleteRequested,
  selectSyncNotices,
  selectSyncProblem,
  selectSyncQuestion,
  selectSyncStatus,
  selectUnsentChanges,
  signOutRequested,
  syncNoticeDismissed,
  syncQuestionAnswered,
  theme,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';
import { STATUS_TEXT, noticeText, signOutAsk } from './syncTexts';

const panel = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 4px 0 8px;
  font-size: 13px;
  color: ${theme.color.textMuted};
`;

const statusRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 4px 12px;
`;

// Sign out and Delete wrap together, below a status too long to share their line.
const actions = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 4px 12px;
`;

const linkButton = css`
  ${button};
  min-height: 28px;
  padding: 0 8px;
  background: transparent;
  color: ${theme.color.textMuted};
  font-size: 13px;
  text-decoration: underline;
`;

const noticeList = css`
  display: grid;
  gap: 6px;
`;

const noticeRow = css`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  padding: 8px 8px 8px 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  p {
    flex: 1;
    margin: 4px 0;
    line-height: 1.4;
    overflow-wrap: anywhere;
  }
`;

const table = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th,
  td {
    padding: 8px 20px;
    text-align: left;
    border-bottom: 1px solid ${theme.color.border};
    overflow-wrap: anywhere;
  }
  th {
    color: ${theme.color.textMuted};
    font-weight: 500;
  }
`;

/** The first sign-in's question: Add this browser's tokens to the wallet's list, or Keep separate. */
function FirstSignInDialog() {
  const question = useAppSelector(selectSyncQuestion);
  const dispatch = useAppDispatch();
  if (!question) return null;
  const keepSeparate = () => dispatch(syncQuestionAnswered({ add: false }));
  return (
    <ReviewDialog
      title="Add this browser's watchlist to your wallet's?"
      intro="This browser's own watchlist has tokens or holdings your saved watchlist does not. Add them to it, or keep them separate: they stay in this browser and come back when you sign out."
      onClose={keepSeparate}
    >
      <form
        css={reviewForm}
        onSubmit={(event) => {
          event.preventDefault();
          dispatch(syncQuestionAnswered({ add: true }));
        }}
      >
        <div css={reviewBody} tabIndex={0} role="region" aria-label="Tokens to add">
          <table css={table}>
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">This browser</th>
                <th scope="col">Saved watchlist</th>
              </tr>
            </thead>
            <tbody>
              {question.tokens.map((token) => (
                <tr key={token.id}>
                  <th scope="row">
                    {token.name
                      ? `${token.name} (${(token.symbol ?? '').toUpperCase()})`
                      : token.id}
                  </th>
                  <td>{token.here}</td>
                  <td>{token.saved ?? 'Not in it'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div css={reviewFooter}>
          <button type="button" css={button} onClick={keepSeparate}>
            Keep separate
          </button>
          <button type="submit" css={primaryButton}>
            Add
          </button>
        </div>
      </form>
    </ReviewDialog>
  );
}

/** 'Delete my saved watchlist', after a confirmation. */
function DeleteSavedWatchlist() {
  const [confirming, setConfirming] = useState(false);
  const dispatch = useAppDispatch();
  return (
    <>
      <button type="button" css={linkButton} onClick={() => setConfirming(true)}>
        Delete my saved watchlist
      </button>
      {confirming && (
        <ReviewDialog
          title="Delete your saved watchlist?"
          intro="The watchlist saved with your wallet is deleted from our server now, on every device, and you are signed out of it here. This browser's own watchlist stays."
          onClose={() => setConfirming(false)}
        >
          <form
            css={reviewForm}
            onSubmit={(event) => {
              event.preventDefault();
              setConfirming(false);
              dispatch(savedWatchlistDeleteRequested());
            }}
          >
            <div css={reviewFooter}>
              <button type="button" css={button} onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button type="submit" css={primaryButton}>
                Delete
              </button>
            </div>
          </form>
        </ReviewDialog>
      )}
    </>
  );
}

/**
 * Sign out of the saved watchlist: at once when every change has reached the server; with
 * changes not sent yet, after saying how many and asking (Escape keeps the sign-in). The
 * count follows the sending while the question is open.
 */
function SignOut() {
  const [asking, setAsking] = useState(false);
  const unsent = useAppSelector(selectUnsentChanges);
  const dispatch = useAppDispatch();
  const signOut = () => {
    setAsking(false);
    dispatch(signOutRequested());
  };
  const ask = signOutAsk(unsent);
  return (
    <>
      <button
        type="button"
        css={linkButton}
        onClick={() => (unsent > 0 ? setAsking(true) : signOut())}
      >
        Sign out
      </button>
      {asking && (
        <ReviewDialog title={ask.title} intro={ask.intro} onClose={() => setAsking(false)}>
          <form
            css={reviewForm}
            onSubmit={(event) => {
              event.preventDefault();
              signOut();
            }}
          >
            <div css={reviewFooter}>
              <button type="button" css={button} onClick={() => setAsking(false)}>
                Keep signed in
              </button>
              <button type="submit" css={primaryButton}>
                {ask.confirm}
              </button>
            </div>
          </form>
        </ReviewDialog>
      )}
    </>
  );
}

/**
 * The saved watchlist under the header (docs/product.md#your-watchlist-follows-your-wallet):
 * its status while signed in, Delete, its messages, and the first sign-in's question. Its
 * code loads once there is something to show (Header.tsx).
 */
export default function SavedWatchlistPanel() {
  const status = useAppSelector(selectSyncStatus);
  // The server's own words when it said it cannot keep the list: not 'will sync'.
  const problem = useAppSelector(selectSyncProblem);
  const notices = useAppSelector(selectSyncNotices);
  const dispatch = useAppDispatch();
  const statusText = status === 'off' ? null : (problem ?? STATUS_TEXT[status]);
  if (statusText === null && notices.length === 0) return null;
  return (
    <div css={panel}>
      {statusText !== null && (
        <div css={statusRow}>
          <span role="status" data-testid="sync-status">
            {statusText}
          </span>
          <span css={actions}>
            <SignOut />
            <DeleteSavedWatchlist />
          </span>
        </div>
      )}
      <div css={noticeList} role="status" aria-live="polite">
        {notices.map(({ id, notice }) => (
          <div css={noticeRow} key={id} data-testid="sync-notice">
            <p>{noticeText(notice)}</p>
            <button
              type="button"
              css={iconButton}
              aria-label="Dismiss"
              onClick={() => dispatch(syncNoticeDismissed({ id }))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <FirstSignInDialog />
    </div>
  );
}
