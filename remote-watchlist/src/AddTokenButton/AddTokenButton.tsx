import type { Ref } from 'react';
import { addTokenOpened, primaryButton, useAppDispatch } from '@token-portfolio/shared';
import { PlusIcon } from '../Icons/Icons';

/** Opens the Add Token modal, which another remote renders, through the store. */
export function AddTokenButton({ ref }: { ref?: Ref<HTMLButtonElement> }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" ref={ref} css={primaryButton} onClick={() => dispatch(addTokenOpened())}>
      <PlusIcon />
      Add Token
    </button>
  );
}
