import { liveQuery } from 'dexie';
import { checkInContracts, dayPassContracts, paymentContracts } from '@/lib/api-routes';
import { idempotent } from '@/lib/api-client';
import { ApiError, refreshSession, request } from '@/lib/http';
import { PICTURE_CACHE } from '@/lib/picture-cache';
import { sessionStore } from '@/lib/session';
import { clockOffset, measureClock } from './clock';
import { reportReach } from './connection';
import { openDeskDb, type DeskDb, type RosterMeta, type SyncMeta } from './db';
import { deskLock, type DeskLock } from './lock';
import { lookUpOnDevice, prepareLookup } from './lookup';
import { forgetOthersPlans, keepPlans, keptPlans } from './plans';
import {
  addAction,
  claim,
  pendingOf,
  pruneDone,
  resetSending,
  waitingOf,
  type EnqueueInput,
} from './queue';
import { syncRoster, wipeRoster } from './roster';
import { deviceVisitsOf } from './visits';
import type { DeskStatus, DeviceVisit, OfflineCandidate, QueuedAction, QueuedKind } from './types';
import { currentWho, sameWho, type Who } from './who';

/** Where each kind of action is sent. */
const PATHS: Record<QueuedKind, string> = {
  check_in: checkInContracts.record.path,
  payment: paymentContracts.record.path,
  day_pass: dayPassContracts.sell.path,
};

/** A sync round runs every this often while actions wait. */
const TICK_MS = 30_000;
/** The roster is brought up to date this often while online. */
const ROSTER_EVERY_MS = 60_000;
/**
 * The wait after the 1st, 2nd, … failed round in a row, the last repeated: the first retries come
 * within seconds (the network is often not quite back when the browser says so, a server takes
 * a moment to restart), then longer, up to 2 minutes: a dropped router or a generator coming
 * back raises no browser event and the desk should notice within minutes.
 */
const RETRY_WAITS_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 2 * 60_000] as const;
const retryWait = (failures: number): number =>
  RETRY_WAITS_MS[Math.min(failures, RETRY_WAITS_MS.length) - 1]!;
/** A send that has not answered in this long is given up and tried again later. */
const SEND_TIMEOUT_MS = 30_000;
/** What an action needing attention says when the server gave no words of its own. */
const REFUSED_FALLBACK = 'The server did not accept this action.';

const timeout = () =>
  typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined;

/** An answer that says "try again later": no answer at all, the server's trouble, or "wait". */
const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

type SendOutcome = 'sent' | 'stopped';

/** The browser knows it has no network (its `true` may still mean a network without internet). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A live query that failed (no IndexedDB in this browser): the screens keep what they showed. */
const ignore = () => undefined;

/**
 * Sends one action with its key and recorded time under `who`'s session. The http client's own
 * refresh is not used: it would adopt whatever session another tab holds. A 401 refreshes this
 * user's session once and sends again only if the session is still theirs.
 */
const post = async (action: QueuedAction, who: Who) => {
  const attempt = () =>
    request<unknown>(PATHS[action.kind], {
      method: 'POST',
      body: { ...action.body, recorded_at: action.recorded_at },
      headers: idempotent(action.idempotency_key),
      signal: timeout(),
      refreshOn401: false,
    });
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (!sameWho(currentWho(), who)) throw error;
    await refreshSession(sessionStore.get().token).catch(() => null);
    if (!sameWho(currentWho(), who)) throw error;
    return attempt();
  }
};

export interface DeskEngineOptions {
  lock?: DeskLock;
  now?: () => Date;
}

/**
 * The desk's sync engine over one handle on the device's database: sends the signed-in user's
 * queued actions in order, keeps the roster up to date, and answers the device's lookups. The
 * app has one (`deskEngine()`); a test builds two to play two tabs.
 */
export const createDeskEngine = (db: DeskDb, options: DeskEngineOptions = {}) => {
  const lock = options.lock ?? deskLock();
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let again = false;
  let syncing = false;
  let failures = 0;
  let retryAt = 0;
  let rosterAt = 0;
  /** Set while started: the next try after a failed round, when its wait is over. */
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  const syncingListeners = new Set<() => void>();

  const setSyncing = (value: boolean) => {
    syncing = value;
    for (const listener of syncingListeners) listener();
  };

  /**
   * Sends `who`'s waiting actions in the order recorded, each with its own Idempotency-Key and
   * recorded time. A 2xx marks it done with the answer; no answer, a 5xx, a 429 or a 401 puts
   * it back to wait and ends the round (a 401 waits for this same user to sign in again); any
   * other refusal marks it for attention with the server's words and the next one goes.
   */
  const sendQueue = async (who: Who): Promise<SendOutcome> => {
    for (const waiting of await waitingOf(db, who)) {
      if (!sameWho(currentWho(), who)) return 'stopped';
      const action = await claim(db, waiting.seq!);
      if (!action) continue; // another tab took it
      try {
        const answer = await post(action, who);
        reportReach(true);
        await db.queue.update(action.seq!, { state: 'done', result: answer?.data ?? null });
      } catch (error) {
        reportReach(error instanceof ApiError && error.status !== 0);
        if (isTransient(error) || (error instanceof ApiError && error.status === 401)) {
          await db.queue.update(action.seq!, { state: 'waiting' });
          return 'stopped';
        }
        const e = error as ApiError;
        await db.queue.update(action.seq!, {
          state: 'attention',
          problem: {
            status: e.status,
            message: e.message || REFUSED_FALLBACK,
            ...(e.errors ? { errors: e.errors } : {}),
            at: now().toISOString(),
          },
        });
      }
    }
    return 'sent';
  };

  const round = async () => {
    const who = currentWho();
    if (!who) return;
    // A try while the browser reports no network at all is still made (a server on this very
    // computer answers), but its failure does not lengthen the wait before the next one: an
    // afternoon of check-ins offline must not leave the desk waiting minutes once the network is
    // back and a send fails (a server restarting). The browser's `online` event starts a round
    // with the waits from the start (a quick retry if it fails).
    const offline = browserOffline();
    const still = () => sameWho(currentWho(), who);
    await lock(async () => {
      if (!still()) return;
      await resetSending(db);
      let ok = (await sendQueue(who)) === 'sent';
      if (ok) {
        try {
          await syncRoster(db, who, still, now);
          rosterAt = Date.now();
          void prepareLookup(db, who).catch(ignore);
          await measureClock(db);
          reportReach(true);
        } catch (error) {
          reportReach(error instanceof ApiError && error.status !== 0);
          ok = false;
        }
      }
      if (ok) {
        failures = 0;
        retryAt = 0;
        const sync: SyncMeta = { key: 'sync', last_sync_at: now().toISOString() };
        await db.meta.put(sync);
        await pruneDone(db, now());
      } else if (!offline) {
        failures += 1;
        const wait = retryWait(failures);
        retryAt = Date.now() + wait;
        // The next try comes as soon as the wait is over, not at the timer's next beat after it
        // (up to 30 s later): a server that restarted gets the desk's actions within the wait.
        if (started) {
          if (retryTimer) clearTimeout(retryTimer);
          retryTimer = setTimeout(() => void resume().catch(() => undefined), wait);
        }
      }
    });
  };

  /**
   * One sync now (after any under way in this tab): the queue, then the roster. Never throws:
   * what did not go waits for the next one, and the status says so.
   */
  const syncNow = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      setSyncing(true);
      try {
        do {
          again = false;
          await round().catch(() => undefined);
        } while (again);
      } finally {
        running = null;
        setSyncing(false);
      }
    })();
    return running;
  };

  /** Resolves when no sync runs in this engine (what a test waits for before the next). */
  const settled = (): Promise<void> => running ?? Promise.resolve();

  /** After a failed round's wait: a round when actions still wait. */
  const resume = async () => {
    retryTimer = null;
    const who = currentWho();
    if (who && (await waitingOf(db, who)).length) await syncNow();
  };

  /** The timer's round: when actions wait or the roster is due, unless backing off. */
  const tick = async () => {
    const who = currentWho();
    if (!who || Date.now() < retryAt) return;
    const due = Date.now() - rosterAt >= ROSTER_EVERY_MS;
    if (due || (await waitingOf(db, who)).length) await syncNow();
  };

  /**
   * Starts syncing: at once; when the browser comes back online (the waits after failed rounds
   * start again from the shortest, so a first try that fails is retried within seconds); every
   * 30 s while actions wait (the roster every 60 s); and when someone signs in. Answers the
   * function that stops it.
   */
  const start = (): (() => void) => {
    let last = currentWho();
    const kick = () => void syncNow();
    const onOnline = () => {
      failures = 0;
      retryAt = 0;
      kick();
    };
    started = true;
    // Ask the browser not to evict the device's database under storage pressure: it holds
    // payments the server does not have yet.
    void navigator.storage?.persist?.().catch(ignore);
    const timer = setInterval(() => void tick().catch(() => undefined), TICK_MS);
    window.addEventListener('online', onOnline);
    const unsubscribe = sessionStore.subscribe(() => {
      const who = currentWho();
      if (who && !sameWho(who, last)) kick();
      last = who;
    });
    kick();
    return () => {
      started = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      unsubscribe();
    };
  };

  const whoOrThrow = (): Who => {
    const who = currentWho();
    if (!who) throw new Error('Sign in to a business first.');
    return who;
  };

  const enqueue = async (input: EnqueueInput): Promise<QueuedAction> => {
    const who = whoOrThrow();
    const at = new Date(now().getTime() + (await clockOffset(db)));
    const action = await addAction(db, input, who, at);
    void syncNow();
    return action;
  };

  const recordLocalVisit = async (memberId: number, seq: number) => {
    const who = whoOrThrow();
    const action = await db.queue.get(seq);
    await db.transaction('rw', db.visits, () =>
      db.visits.add({
        member_id: memberId,
        business_id: who.businessId,
        visited_at: action?.recorded_at ?? now().toISOString(),
        seq,
      }),
    );
  };

  const rememberMember = async (id: number, data: unknown) => {
    const who = currentWho();
    if (!who) return;
    await db.members_seen.put({
      id,
      business_id: who.businessId,
      data,
      seen_at: now().toISOString(),
    });
  };

  const lastSeenMember = async (id: number) => {
    const who = currentWho();
    const row = who ? await db.members_seen.get(id) : undefined;
    return row && row.business_id === who!.businessId
      ? { data: row.data, seen_at: row.seen_at }
      : undefined;
  };

  const pendingCount = async () => {
    const who = currentWho();
    return who ? pendingOf(db, who) : 0;
  };

  /** Keeps the business's active plans as just loaded online (for a reload offline). */
  const rememberPlans = async (plans: readonly unknown[]) => {
    const who = currentWho();
    if (who) await keepPlans(db, who, plans, now());
  };

  /** The active plans this device kept for the signed-in business, or undefined. */
  const devicePlans = async () => {
    const who = currentWho();
    return who ? keptPlans(db, who) : undefined;
  };

  /**
   * Forgets what this device keeps of the business (members, plans, members as last seen, this
   * device's visits, actions already sent, members' pictures); actions still waiting or needing attention stay,
   * whoever's they are, to be sent when their user signs in again.
   */
  const clearDeviceData = async () => {
    await wipeRoster(db);
    await forgetOthersPlans(db, null);
    await db.transaction('rw', db.members_seen, db.visits, db.queue, async () => {
      await db.members_seen.clear();
      await db.visits.clear();
      await db.queue.where('state').equals('done').delete();
    });
    // The members' pictures the service worker kept (a shared desk computer keeps no faces).
    if (typeof caches !== 'undefined') await caches.delete(PICTURE_CACHE).catch(() => false);
  };

  const offlineLookup = async (q: string): Promise<OfflineCandidate[]> => {
    const who = currentWho();
    return who ? lookUpOnDevice(db, who, q, now()) : [];
  };

  /** A refused action goes back to the queue and a sync starts. */
  const retry = async (seq: number) => {
    const who = whoOrThrow();
    await db.transaction('rw', db.queue, async () => {
      const action = await db.queue.get(seq);
      if (!action || action.state !== 'attention' || action.user_id !== who.userId) return;
      await db.queue.update(seq, { state: 'waiting', problem: undefined });
    });
    void syncNow();
  };

  /** A refused action the desk chose to drop (after confirming): it leaves the device. */
  const discard = async (seq: number) => {
    const who = whoOrThrow();
    await db.transaction('rw', db.queue, db.visits, async () => {
      const action = await db.queue.get(seq);
      if (!action || action.state !== 'attention' || action.user_id !== who.userId) return;
      await db.queue.delete(seq);
      await db.visits.where('seq').equals(seq).delete();
    });
  };

  const statusOf = async (who: Who | null): Promise<Omit<DeskStatus, 'syncing'>> => {
    const [queue, rosterCount, roster, sync] = await Promise.all([
      db.queue.where('state').anyOf('waiting', 'sending', 'attention').toArray(),
      db.roster.count(),
      db.meta.get('roster') as Promise<RosterMeta | undefined>,
      db.meta.get('sync') as Promise<SyncMeta | undefined>,
    ]);
    const mine = (a: QueuedAction) =>
      !!who && a.user_id === who.userId && a.business_id === who.businessId;
    const ours = !!who && roster?.business_id === who.businessId && roster.user_id === who.userId;
    return {
      waiting: queue.filter((a) => mine(a) && a.state !== 'attention').length,
      attention: queue.filter((a) => mine(a) && a.state === 'attention').length,
      otherUserWaiting: queue.filter((a) => !mine(a) && a.state !== 'attention').length,
      lastSyncAt: sync?.last_sync_at ?? null,
      rosterCount: ours ? rosterCount : 0,
      rosterSyncedAt: ours ? roster.synced_at : null,
    };
  };

  /**
   * Calls `onChange` with what `read` answers for the signed-in user, now and whenever it changes
   * (any tab); another sign-in (or a sign-out) reads again for whoever is signed in then.
   */
  const watchForWho = <T>(
    read: (who: Who | null) => Promise<T>,
    onChange: (value: T) => void,
  ): (() => void) => {
    const query = () =>
      liveQuery(() => read(currentWho())).subscribe({ next: onChange, error: ignore });
    let subscription = query();
    const unsubscribeSession = sessionStore.subscribe(() => {
      subscription.unsubscribe();
      subscription = query();
    });
    return () => {
      subscription.unsubscribe();
      unsubscribeSession();
    };
  };

  /** Calls `onChange` with the desk's status now and whenever it changes (any tab). */
  const watchStatus = (onChange: (status: DeskStatus) => void): (() => void) => {
    let base: Omit<DeskStatus, 'syncing'> | null = null;
    const emit = () => base && onChange({ ...base, syncing });
    const unwatch = watchForWho(statusOf, (s) => {
      base = s;
      emit();
    });
    syncingListeners.add(emit);
    return () => {
      unwatch();
      syncingListeners.delete(emit);
    };
  };

  /** Calls `onChange` with today's visits recorded on this device, now and whenever they change. */
  const watchDeviceVisits = (onChange: (visits: DeviceVisit[]) => void): (() => void) =>
    watchForWho((who) => deviceVisitsOf(db, who, now()), onChange);

  /** Calls `onChange` with the queued action `seq` now and whenever it changes. */
  const watchAction = (
    seq: number,
    onChange: (action: QueuedAction | undefined) => void,
  ): (() => void) => {
    const subscription = liveQuery(() => db.queue.get(seq)).subscribe({
      next: onChange,
      error: ignore,
    });
    return () => subscription.unsubscribe();
  };

  /** Calls `onChange` with the signed-in user's actions needing attention, oldest first. */
  const watchAttention = (onChange: (items: QueuedAction[]) => void): (() => void) =>
    watchForWho(
      async (who) =>
        who
          ? (
              await db.queue
                .where('[user_id+state]')
                .equals([who.userId, 'attention'])
                .sortBy('seq')
            ).filter((a) => a.business_id === who.businessId)
          : [],
      onChange,
    );

  return {
    db,
    start,
    syncNow,
    settled,
    enqueue,
    recordLocalVisit,
    rememberMember,
    lastSeenMember,
    rememberPlans,
    devicePlans,
    pendingCount,
    clearDeviceData,
    offlineLookup,
    retry,
    discard,
    watchStatus,
    watchAction,
    watchAttention,
    watchDeviceVisits,
  };
};

export type DeskEngine = ReturnType<typeof createDeskEngine>;

let engine: DeskEngine | null = null;

/** The app's engine over the device's database (opened on first use). */
export const deskEngine = (): DeskEngine => (engine ??= createDeskEngine(openDeskDb()));
