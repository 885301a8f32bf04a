// The saved watchlist's texts (docs/product.md#your-watchlist-follows-your-wallet).
import type { SessionEndReason, SyncNotice, SyncStatus } from '@token-portfolio/shared';

/** The status line while signed in; nothing signed out. */
export const STATUS_TEXT: Record<SyncStatus, string | null> = {
  off: null,
  loading: 'Loading your saved watchlist…',
  sending: 'Saving…',
  saved: 'Saved',
  waiting: 'Saved on this device; will sync',
};

const ENDED: Record<SessionEndReason, string> = {
  signedOut: 'Signed out.',
  disconnected: 'Signed out: the wallet was disconnected.',
  accountChanged: 'Signed out: the wallet switched to another account.',
  expired: 'Signed out: your sign-in expired after 7 days.',
  endedElsewhere: 'Signed out on another page or device.',
  deleted: 'Your saved watchlist was deleted.',
  deletedElsewhere: 'Your saved watchlist was deleted on another page or device.',
};

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** A notice as one line. */
export function noticeText(notice: SyncNotice): string {
  switch (notice.kind) {
    case 'firstSync':
      return 'Your watchlist is now saved with your wallet: its tokens, order and holdings are kept on our server so they are the same wherever you sign in.';
    case 'sessionEnded': {
      const lost =
        notice.discarded > 0
          ? ` ${plural(notice.discarded, 'change', 'changes')} not saved yet ${notice.discarded === 1 ? 'was' : 'were'} discarded.`
          : '';
      return `${ENDED[notice.reason]} This browser's own watchlist is back.${lost}`;
    }
    case 'broughtBack':
      return `${notice.name} was removed on another device; your edit brought it back.`;
    case 'back':
      return `${notice.name} is back: it was edited on another device.`;
    case 'removedElsewhere':
      return `${notice.name} was removed on another device.`;
    case 'full':
      return `Your watchlist holds 1,000 tokens at most; ${plural(notice.room, 'more fits', 'more fit')}.`;
    case 'deleteFailed':
      return `Your saved watchlist could not be deleted: ${notice.message || 'the server cannot be reached.'} Try again later.`;
  }
}

/** The question of Sign out while changes wait (docs/product.md#signing-out-with-changes-not-sent). */
export function signOutAsk(unsent: number): { title: string; intro: string; confirm: string } {
  if (unsent === 0) {
    return {
      title: 'Sign out?',
      intro: 'Every change has reached your saved watchlist: nothing will be lost.',
      confirm: 'Sign out',
    };
  }
  const changes = plural(unsent, 'change', 'changes');
  return {
    title: `Sign out and discard ${changes}?`,
    intro: `${changes} made on this device ${unsent === 1 ? 'has' : 'have'} not reached your saved watchlist yet. Signing out now discards ${unsent === 1 ? 'it' : 'them'}; stay signed in and ${unsent === 1 ? 'it is' : 'they are'} sent when the server can be reached.`,
    confirm: 'Sign out and discard',
  };
}
