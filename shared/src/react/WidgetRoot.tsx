import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { getStore } from '../store/getStore';

/**
 * What every widget renders inside: the page's one store. Nesting is harmless, so a
 * widget works the same inside the host, on its standalone page or embedded alone.
 */
export function WidgetRoot({ children }: { children: ReactNode }) {
  return <Provider store={getStore()}>{children}</Provider>;
}
