import { css } from '@emotion/react';
import { addTokenOpened, getStore, renderStandalone, theme } from '@token-portfolio/shared';
import AddTokenModal from './AddTokenModal';

const opener = css`
  padding: 8px 16px;
  border: none;
  border-radius: ${theme.radius.control};
  background: ${theme.color.accent};
  color: ${theme.color.accentText};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
  }
`;

const openModal = () => getStore().dispatch(addTokenOpened());

/**
 * The remote on its own page: the modal is open from the start, and 'Add Token' (as in the
 * watchlist) opens it again once it is closed, so the page is never blank.
 */
function StandalonePage() {
  return (
    <>
      <button type="button" css={opener} onClick={openModal}>
        Add Token
      </button>
      <AddTokenModal />
    </>
  );
}

openModal();
renderStandalone(StandalonePage);
