import {
  WidgetRoot,
  addTokenClosed,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';

function AddTokenDialog() {
  const open = useAppSelector((state) => state.ui.addTokenOpen);
  const dispatch = useAppDispatch();
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label="Add Token">
      <button type="button" onClick={() => dispatch(addTokenClosed())}>
        Close
      </button>
    </div>
  );
}

export default function AddTokenModal() {
  return (
    <WidgetRoot>
      <AddTokenDialog />
    </WidgetRoot>
  );
}
