import { Suspense, lazy, type ReactElement } from 'react';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import { WidgetRoot, useAppSelector } from '@token-portfolio/shared';

// The dialog, its state and its sagas load the first time the modal opens, never with the page.
const AddTokenDialog = lazy(() => import('./AddTokenDialog/AddTokenDialog'));

function AddTokenModalSlot() {
  const open = useAppSelector((state) => state.ui.addTokenOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AddTokenDialog />
    </Suspense>
  );
}

// Its signature is public (docs/embedding.md): only widget-types and React's types; the
// return type is spelled out, since inferred it would be @emotion/react's.
/** The exposed widget: tiny, so the page's first load does not pay for the modal. */
export default function AddTokenModal(options: WidgetOptions): ReactElement {
  return (
    <WidgetRoot {...options}>
      <AddTokenModalSlot />
    </WidgetRoot>
  );
}
