/*
 * One tab at a time syncs: the Web Locks API where the browser has it (the lock goes with a
 * closed or crashed tab), else a lease in localStorage that expires if its tab disappears.
 */

const SYNC_LOCK_NAME = 'kora-desk-sync';
/** A lease not renewed for this long is taken over (its tab is gone). */
const LEASE_MS = 30_000;
/** A holder renews its lease this often while it syncs. */
const RENEW_MS = 10_000;
/** How often a tab waiting for the lease looks again. */
const POLL_MS = 100;

/** Runs `fn` while holding the desk's sync lock; waits for another tab to finish first. */
export type DeskLock = <T>(fn: () => Promise<T>) => Promise<T>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Lease {
  owner: string;
  until: number;
}

const readLease = (key: string): Lease | null => {
  try {
    const lease = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Partial<Lease> | null;
    return lease && typeof lease.owner === 'string' && typeof lease.until === 'number'
      ? { owner: lease.owner, until: lease.until }
      : null;
  } catch {
    return null;
  }
};

/** Takes the lease when it is free, expired or already ours; answers whether we hold it. */
const takeLease = (key: string, owner: string): boolean => {
  const lease = readLease(key);
  if (lease && lease.owner !== owner && lease.until > Date.now()) return false;
  try {
    window.localStorage.setItem(key, JSON.stringify({ owner, until: Date.now() + LEASE_MS }));
  } catch {
    return true; // no storage at all: no other tab can share our state either
  }
  return readLease(key)?.owner === owner;
};

/** A lock made of a localStorage lease, for browsers without the Web Locks API. */
export const leaseLock = (name: string = SYNC_LOCK_NAME): DeskLock => {
  const key = `${name}.lease`;
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    // Within this tab the calls line up; across tabs the lease decides.
    const run = queue.then(async () => {
      const owner = crypto.randomUUID();
      while (!takeLease(key, owner)) await sleep(POLL_MS);
      const renew = setInterval(() => takeLease(key, owner), RENEW_MS);
      try {
        return await fn();
      } finally {
        clearInterval(renew);
        if (readLease(key)?.owner === owner) {
          try {
            window.localStorage.removeItem(key);
          } catch {
            /* expires by itself */
          }
        }
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };
};

/** The Web Locks API's exclusive lock. */
const webLock =
  (name: string): DeskLock =>
  <T>(fn: () => Promise<T>) =>
    navigator.locks.request(name, () => fn()) as Promise<T>;

/** The desk's sync lock: Web Locks where the browser has them, else the lease. */
export const deskLock = (name: string = SYNC_LOCK_NAME): DeskLock =>
  typeof navigator !== 'undefined' && navigator.locks ? webLock(name) : leaseLock(name);
