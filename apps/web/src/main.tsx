import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/preload-page';

const render = (container: HTMLElement) => {
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  return root;
};

/** Starts the app in `#root` (called by boot.ts). */
export const startApp = async (): Promise<void> => {
  const container = document.getElementById('root')!;
  // The server drew this page ahead of time (sign-in, sign-up): its code comes first, so the
  // app's first render is the same page and replaces it without a loading spinner in between.
  if (container.hasChildNodes()) {
    await preloadPage(window.location.pathname).catch(() => undefined);
    // Rendered in slices (a transition yields to the browser every few milliseconds): the drawn
    // page stays on screen, scrollable, until the app's page replaces it in one commit.
    startTransition(() => void render(container));
    return;
  }
  render(container);
};
