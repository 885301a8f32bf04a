import type { RemoteName } from '@token-portfolio/shared';

// When each slot has first put its widget, or its fallback card, on screen in this page's
// life: a widget's code having arrived is not enough, since React reveals it later, in a
// render of its own. Once shown, a slot stays shown (the portfolio-shown signal is told
// once per page).

interface Shown {
  promise: Promise<void>;
  resolve: () => void;
}

const slots = new Map<RemoteName, Shown>();

function slot(name: RemoteName): Shown {
  let shown = slots.get(name);
  if (!shown) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    shown = { promise, resolve };
    slots.set(name, shown);
  }
  return shown;
}

/** Resolves once the slot of `name` has committed its widget or its fallback card. */
export const whenSlotShown = (name: RemoteName): Promise<void> => slot(name).promise;

/** Called from an effect of what the slot shows (effects run once it is on screen). */
export function markSlotShown(name: RemoteName): void {
  slot(name).resolve();
}
