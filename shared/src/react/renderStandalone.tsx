import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { PageStyles } from './PageStyles';

/** A remote's standalone page: its widget alone, with its own store, for development. */
export function renderStandalone(Widget: ComponentType, rootId = 'root'): void {
  const element = document.getElementById(rootId);
  if (!element) throw new Error(`#${rootId} is missing from the page`);
  createRoot(element).render(
    <StrictMode>
      <PageStyles />
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
        <Widget />
      </main>
    </StrictMode>,
  );
}
