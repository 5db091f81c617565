import { useCallback } from 'react';
import { useSingleFlight } from './use-single-flight';

/** How long an unconfirmed submission counts as "the same submission" when sent again. */
const SUBMISSION_REUSE_MS = 15 * 60_000;

/** A fresh Idempotency-Key; randomUUID needs a secure context, so plain HTTP falls back. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

interface Submission {
  key: string;
  payload: string;
  at: number;
}

const storageKey = (form: string) => `kora.submission.${form}`;
const memory = new Map<string, Submission>(); // when storage is unavailable

const read = (form: string): Submission | null => {
  try {
    const raw = window.sessionStorage.getItem(storageKey(form));
    return raw ? (JSON.parse(raw) as Submission) : null;
  } catch {
    return memory.get(form) ?? null;
  }
};

const write = (form: string, submission: Submission | null) => {
  if (submission) memory.set(form, submission);
  else memory.delete(form);
  try {
    if (submission) window.sessionStorage.setItem(storageKey(form), JSON.stringify(submission));
    else window.sessionStorage.removeItem(storageKey(form));
  } catch {
    /* private mode or full: the in-memory copy serves */
  }
};

/**
 * One Idempotency-Key per submission of the form named `form` ("member-create", "payment").
 * Sending the same payload again before the server confirmed it (a retry after a failure or a
 * lost answer, even after leaving the form or reloading within 15 minutes) reuses the key, so
 * the server creates it once; a different payload is a new submission with a new key.
 *
 * `start(payload)` answers the key to send, or null while an earlier send of this form is still
 * on its way (a double click): the caller then sends nothing. `settle(confirmed)` once the
 * server answered; a confirmed submission forgets its key (`done()` also keeps the form locked,
 * for a form being left). `sending` is true from the click on
 * (before the mutation reports itself pending), for the submit button's loading state.
 */
export const useSubmissionKey = (form: string) => {
  const { begin, end, running } = useSingleFlight();

  const keyFor = useCallback(
    (payload: unknown) => {
      const serialized = JSON.stringify(payload);
      const last = read(form);
      const now = Date.now();
      if (last && last.payload === serialized && now - last.at < SUBMISSION_REUSE_MS)
        return last.key;
      const key = newIdempotencyKey();
      write(form, { key, payload: serialized, at: now });
      return key;
    },
    [form],
  );

  const start = useCallback(
    (payload: unknown): string | null => (begin() ? keyFor(payload) : null),
    [begin, keyFor],
  );

  const settle = useCallback(
    (confirmed: boolean) => {
      end();
      if (confirmed) write(form, null);
    },
    [end, form],
  );

  /**
   * The server confirmed the submission and its form is being left (a create page going to what
   * it created): the key is forgotten and the form stays locked, so a second click that the
   * browser handles only after the answer (a slow phone) sends nothing.
   */
  const done = useCallback(() => write(form, null), [form]);

  return { start, settle, done, sending: running };
};
