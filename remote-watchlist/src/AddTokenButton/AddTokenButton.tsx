import { addTokenOpened, primaryButton, useAppDispatch } from '@token-portfolio/shared';
import { PlusIcon } from '../Icons/Icons';

/** Opens the Add Token modal, which another remote renders, through the store. */
export function AddTokenButton() {
  const dispatch = useAppDispatch();
  return (
    <button type="button" css={primaryButton} onClick={() => dispatch(addTokenOpened())}>
      <PlusIcon />
      Add Token
    </button>
  );
}
