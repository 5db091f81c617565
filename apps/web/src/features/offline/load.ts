import { afterFirstPage } from '@/lib/after-first-page';
import type { DeskEngine } from './engine';

/**
 * The desk's engine, loaded on first use: Dexie and the store stay out of the first page's
 * download and come with the first screen that needs them.
 */
export const loadEngine = (): Promise<DeskEngine> => import('./engine').then((m) => m.deskEngine());

/**
 * The engine for the shell's background work (syncing, the banner's figures): loaded once the
 * first page has loaded and the browser is idle, so the first working page downloads nothing of
 * the desk (Dexie is a sixth of it). At once when the device is or goes offline meanwhile (the
 * desk needs its copy now), and where the browser has no idle callbacks.
 */
export const loadEngineWhenIdle = (): Promise<DeskEngine> =>
  navigator.onLine
    ? afterFirstPage((go) => window.addEventListener('offline', go, { once: true })).then(
        loadEngine,
      )
    : loadEngine();
