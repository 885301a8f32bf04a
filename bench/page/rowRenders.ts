// Runs in the page before React loads: a minimal React DevTools hook (the interface
// react-dom calls on every commit, in production builds too) that records which table
// rows rendered in each commit. This is how the DevTools Profiler itself tells a
// rendered component from a skipped one, so no product component needs instrumenting.

/** What the page exposes to the benchmark. */
export interface RowRenderLog {
  /** Distinct row elements rendered since the last reset. */
  renderedRows: Set<Element>;
  reset(): void;
}

export const ROW_RENDER_LOG = '__benchRowRenders';

export function recordRowRenders(globalName: string): void {
  interface Fiber {
    tag: number;
    type: unknown;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    memoizedProps: unknown;
    stateNode: unknown;
  }
  const FUNCTION_LIKE = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo
  const HOST = new Set([5, 6]); // element, text
  const PERFORMED_WORK = 1;

  const log: RowRenderLog = {
    renderedRows: new Set(),
    reset: () => log.renderedRows.clear(),
  };

  const isRow = (fiber: Fiber) =>
    fiber.tag === 5 &&
    (fiber.type === 'tr' || (fiber.memoizedProps as { role?: string } | null)?.role === 'row');

  // Mounted, or rendered again in this commit (DevTools' didFiberRender).
  const didRender = (fiber: Fiber) => {
    const previous = fiber.alternate;
    if (!previous) return true;
    if (FUNCTION_LIKE.has(fiber.tag)) return (fiber.flags & PERFORMED_WORK) !== 0;
    if (HOST.has(fiber.tag)) return fiber.memoizedProps !== previous.memoizedProps;
    return false;
  };

  const walk = (parent: Fiber, row: Fiber | null) => {
    for (let fiber = parent.child; fiber; fiber = fiber.sibling) {
      const rowHere = isRow(fiber) ? fiber : row;
      if (rowHere && didRender(fiber)) log.renderedRows.add(rowHere.stateNode as Element);
      // A subtree React skipped keeps its old children: nothing below rendered.
      if (!fiber.alternate || fiber.child !== fiber.alternate.child) walk(fiber, rowHere);
    }
  };

  Object.assign(globalThis, {
    [globalName]: log,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current, null),
    },
  });
}
