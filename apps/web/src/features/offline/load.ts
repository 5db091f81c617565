import type { DeskEngine } from './engine';

/**
 * The desk's engine, loaded on first use: Dexie and the store stay out of the first page's
 * download and come with the first screen that needs them.
 */
export const loadEngine = (): Promise<DeskEngine> => import('./engine').then((m) => m.deskEngine());
