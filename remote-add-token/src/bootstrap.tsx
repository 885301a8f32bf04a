import { addTokenOpened, getStore, primaryButton } from '@token-portfolio/shared';
import { renderStandalone } from '@token-portfolio/shared/standalone';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import AddTokenModal from './AddTokenModal';

const openModal = () => getStore().dispatch(addTokenOpened());

/**
 * The remote on its own page: the modal is open from the start, and 'Add Token' (as in the
 * watchlist) opens it again once it is closed, so the page is never blank.
 */
function StandalonePage(options: WidgetOptions) {
  return (
    <>
      <button type="button" css={primaryButton} onClick={openModal}>
        Add Token
      </button>
      <AddTokenModal {...options} />
    </>
  );
}

// Once the page's market settings are in, before the modal's first request.
void renderStandalone('addToken', StandalonePage).then(openModal);
