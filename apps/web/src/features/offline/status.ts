import { loadEngineWhenIdle } from './load';
import { EMPTY_STATUS, type DeskStatus } from './types';

/*
 * The desk's status for the hooks: kept here (light) and filled by the engine, loaded when the
 * first screen watches it.
 */

let snapshot: DeskStatus = EMPTY_STATUS;
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;
/** Bumped when the last listener leaves, so a load finishing late does not start watching. */
let generation = 0;

const emit = (next: DeskStatus) => {
  snapshot = next;
  for (const listener of listeners) listener();
};

export const deskStatus = {
  get: (): DeskStatus => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (listeners.size === 1) {
      const mine = ++generation;
      void loadEngineWhenIdle().then((engine) => {
        if (mine === generation && listeners.size > 0) stop = engine.watchStatus(emit);
      });
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        generation += 1;
        stop?.();
        stop = null;
      }
    };
  },
};
