import type { DeskDb } from './db';

/*
 * The desk's clock, as the server's sees it. A queued action carries the time it happened, and
 * the server refuses one more than 5 minutes in its future: a desk computer whose clock runs
 * fast would see every action it saved offline refused. The device measures how far its clock
 * is from the server's (the Date header of a plain call) while online, and stamps what it saves
 * with the corrected time.
 */

/** Measured again at most this often. */
const MEASURE_EVERY_MS = 10 * 60_000;
/** A difference smaller than this is left alone (the header counts whole seconds). */
const IGNORED_MS = 30_000;
/** A call that takes longer than this says too little about the time. */
const SLOW_MS = 5_000;

export interface ClockMeta {
  key: 'clock';
  /** Add to the device's time to get the server's. */
  offset_ms: number;
  /** ISO, device time. */
  measured_at: string;
}

/** How far to correct the device's clock (0 when never measured or close enough). */
export const clockOffset = async (db: DeskDb): Promise<number> => {
  const meta = (await db.meta.get('clock')) as ClockMeta | undefined;
  return meta && Number.isFinite(meta.offset_ms) ? meta.offset_ms : 0;
};

let measuredAt = 0;

/** Measures the offset from the server's Date header, at most every 10 minutes; never throws. */
export const measureClock = async (db: DeskDb): Promise<void> => {
  if (Date.now() - measuredAt < MEASURE_EVERY_MS) return;
  try {
    const sent = Date.now();
    const res = await fetch('/health', { cache: 'no-store', credentials: 'omit' });
    const received = Date.now();
    const date = Date.parse(res.headers.get('date') ?? '');
    if (!res.ok || Number.isNaN(date) || received - sent > SLOW_MS) return;
    measuredAt = received;
    // The header drops the milliseconds: the server's time was within the second after it.
    const offset = date + 500 - (sent + received) / 2;
    const meta: ClockMeta = {
      key: 'clock',
      offset_ms: Math.abs(offset) < IGNORED_MS ? 0 : Math.round(offset),
      measured_at: new Date(received).toISOString(),
    };
    await db.meta.put(meta);
  } catch {
    /* measured on a later sync */
  }
};

/** Forgets when the clock was last measured (tests). */
export const forgetClockMeasure = () => {
  measuredAt = 0;
};
