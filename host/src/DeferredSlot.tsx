import {
  selectAddTokenOpen,
  selectPortfolioLoading,
  useAppSelector,
  type RemoteName,
} from '@token-portfolio/shared';
import { RemoteSlot } from './RemoteSlot';

/**
 * A deferred remote (the Add Token modal) is not on the critical path: its code is
 * fetched once the portfolio is on screen, or at once if the visitor opens the modal
 * before that.
 */
export function DeferredSlot({ name }: { name: RemoteName }) {
  const openedEarly = useAppSelector(selectAddTokenOpen);
  const portfolioLoading = useAppSelector(selectPortfolioLoading);
  return openedEarly || !portfolioLoading ? <RemoteSlot name={name} /> : null;
}
