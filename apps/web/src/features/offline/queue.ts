import { OFFLINE_MAX_AGE_DAYS } from '@kora/shared';
import type { DeskDb } from './db';
import type { Who } from './who';
import type { QueuedAction, QueuedKind } from './types';

const KINDS: readonly QueuedKind[] = ['check_in', 'payment', 'day_pass'];
/** The longest label kept: the lists show one line. */
const LABEL_MAX = 200;
/** The largest body kept (as JSON): a desk action is a few hundred characters. */
const BODY_MAX = 16_000;
/**
 * A done action is kept (its receipt number shows on the success panel) until this long after it
 * was recorded: the server takes actions up to 7 days old, so one sent is kept a day at least.
 */
const DONE_KEPT_MS = (OFFLINE_MAX_AGE_DAYS + 1) * 24 * 60 * 60 * 1000;

/** What the desk asks to queue. */
export interface EnqueueInput {
  kind: QueuedKind;
  body: Record<string, unknown>;
  label: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Queues an action for `who`, answering it once the device has written it to disk (the
 * transaction committed): a reload, a crash or a power cut after that keeps it. Its
 * Idempotency-Key and recorded time are made now and never change.
 */
export const addAction = async (
  db: DeskDb,
  input: EnqueueInput,
  who: Who,
  now: Date = new Date(),
): Promise<QueuedAction> => {
  if (!KINDS.includes(input.kind)) throw new Error(`Unknown action: ${String(input.kind)}`);
  if (!isPlainObject(input.body)) throw new Error('An action needs a body');
  // Stored as JSON would send it: no functions, no prototypes; recorded_at is added at send.
  const json = JSON.stringify(input.body);
  if (json.length > BODY_MAX) throw new Error('This action is too large to keep on the device.');
  const body = JSON.parse(json) as Record<string, unknown>;
  delete body.recorded_at;
  const label = String(input.label ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, LABEL_MAX);
  const action: QueuedAction = {
    kind: input.kind,
    body,
    idempotency_key: crypto.randomUUID(),
    recorded_at: now.toISOString(),
    user_id: who.userId,
    business_id: who.businessId,
    state: 'waiting',
    label,
  };
  // db.transaction resolves once the transaction has committed, not when the write was asked.
  const seq = await db.transaction('rw', db.queue, () => db.queue.add(action));
  return { ...action, seq };
};

/** `who`'s waiting actions, in the order they were recorded. */
export const waitingOf = async (db: DeskDb, who: Who): Promise<QueuedAction[]> =>
  (await db.queue.where('[user_id+state]').equals([who.userId, 'waiting']).sortBy('seq')).filter(
    (a) => a.business_id === who.businessId,
  );

/**
 * Takes a waiting action to send it: marks it `sending` in one transaction that first checks it
 * still waits, so two tabs (or two rounds) never both send it. Answers it, or null when it was
 * taken already or is gone.
 */
export const claim = (db: DeskDb, seq: number): Promise<QueuedAction | null> =>
  db.transaction('rw', db.queue, async () => {
    const action = await db.queue.get(seq);
    if (!action || action.state !== 'waiting') return null;
    await db.queue.update(seq, { state: 'sending' });
    return { ...action, state: 'sending' as const };
  });

/**
 * Actions left `sending` by a tab that closed or crashed mid-send wait again: their key makes the
 * resend safe (the server answers the first result). Run only by the tab holding the sync lock,
 * which has no send of its own under way.
 */
export const resetSending = (db: DeskDb): Promise<number> =>
  db.queue.where('state').equals('sending').modify({ state: 'waiting' });

/** A visit noted on this device matters for the 2-hour rule only: kept a day. */
const VISIT_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Done actions recorded more than 8 days ago go (the server has them), and this device's visits
 * older than a day.
 */
export const pruneDone = async (db: DeskDb, now: Date = new Date()): Promise<void> => {
  const before = new Date(now.getTime() - DONE_KEPT_MS).toISOString();
  await db.queue
    .where('state')
    .equals('done')
    .filter((a) => a.recorded_at < before)
    .delete();
  const visitsBefore = new Date(now.getTime() - VISIT_KEPT_MS).toISOString();
  await db.visits.filter((v) => v.visited_at < visitsBefore).delete();
};

/** The signed-in user's actions not yet on the server (what signing out would leave behind). */
export const pendingOf = (db: DeskDb, who: Who): Promise<number> =>
  db.queue
    .where('state')
    .anyOf('waiting', 'sending')
    .filter((a) => a.user_id === who.userId)
    .count();
