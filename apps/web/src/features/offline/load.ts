import type { DeskEngine } from './engine';

/**
 * The desk's engine, loaded on first use: Dexie and the store stay out of the first page's
 * download and come with the first screen that needs them.
 */
export const loadEngine = (): Promise<DeskEngine> => import('./engine').then((m) => m.deskEngine());

/** How long after the page has loaded the shell's background work waits for the desk's engine. */
const AFTER_FIRST_PAGE_MS = 2_500;

/**
 * The engine for the shell's background work (syncing, the banner's figures): loaded once the
 * first page has loaded and the browser is idle, so the first working page downloads nothing of
 * the desk (Dexie is a sixth of it). At once when the device is or goes offline meanwhile (the
 * desk needs its copy now), and where the browser has no idle callbacks.
 */
export const loadEngineWhenIdle = (): Promise<DeskEngine> => {
  if (typeof requestIdleCallback !== 'function' || !navigator.onLine) return loadEngine();
  return new Promise<void>((resolve) => {
    window.addEventListener('offline', () => resolve(), { once: true });
    const idle = () =>
      setTimeout(
        () => requestIdleCallback(() => resolve(), { timeout: 2_000 }),
        AFTER_FIRST_PAGE_MS,
      );
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }).then(loadEngine);
};
