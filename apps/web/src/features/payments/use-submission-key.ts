import { useCallback } from 'react';
import { newIdempotencyKey } from './payment-form';

/** Where the unconfirmed submission is kept: it survives closing the modal and a reload. */
const STORAGE_KEY = 'kora.payment-submission';
/** How long an unconfirmed payment counts as "the same submission" when sent again. */
export const SUBMISSION_REUSE_MS = 15 * 60_000;

interface Submission {
  key: string;
  payload: string;
  at: number;
}

let memory: Submission | null = null; // when storage is unavailable

const read = (): Submission | null => {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Submission) : null;
  } catch {
    return memory;
  }
};

const write = (submission: Submission | null) => {
  memory = submission;
  try {
    if (submission) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(submission));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* private mode or full: the in-memory copy serves */
  }
};

/**
 * One Idempotency-Key per submission. Sending the same payment again before it is confirmed (a
 * double click, a retry after a failure or a lost answer, even after closing the modal or
 * reloading within 15 minutes) reuses the key, so the server records it once. A different
 * payment is a new submission with a new key. `reset` once the server confirmed it.
 */
export const useSubmissionKey = () => {
  const keyFor = useCallback((payload: unknown) => {
    const serialized = JSON.stringify(payload);
    const last = read();
    const now = Date.now();
    if (last && last.payload === serialized && now - last.at < SUBMISSION_REUSE_MS) return last.key;
    const key = newIdempotencyKey();
    write({ key, payload: serialized, at: now });
    return key;
  }, []);
  const reset = useCallback(() => write(null), []);
  return { keyFor, reset };
};
