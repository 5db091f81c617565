/*
 * Whether the desk can reach the server: the browser's own idea (navigator.onLine, which says
 * "online" on a network without internet) corrected by what the desk's calls saw: a call that
 * failed to reach the server marks the desk offline until a call gets through or the browser
 * reports the network back. Light: no store, no Dexie.
 */

let failed = false;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let snapshot = { online: browserOnline() };

const update = () => {
  const online = browserOnline() && !failed;
  if (online === snapshot.online) return;
  snapshot = { online };
  for (const listener of listeners) listener();
};

/** A call reached the server (any answer) or did not (network error). */
export const reportReach = (reached: boolean) => {
  failed = !reached;
  update();
};

const onOnline = () => {
  failed = false;
  update();
};

export const connection = {
  get: () => snapshot,
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', update);
    }
    listeners.add(listener);
    update();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', update);
      }
    };
  },
};
