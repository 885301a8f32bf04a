import {
  selectAddTokenOpen,
  selectPortfolioLoading,
  useAppSelector,
} from '@token-portfolio/shared';
import { RemoteSlot } from './RemoteSlot';

/**
 * The Add Token modal is not on the critical path: its remote is fetched once the
 * portfolio is on screen, or at once if the modal is opened before that.
 */
export function AddTokenSlot() {
  const open = useAppSelector(selectAddTokenOpen);
  const portfolioLoading = useAppSelector(selectPortfolioLoading);
  return open || !portfolioLoading ? <RemoteSlot name="addToken" /> : null;
}
