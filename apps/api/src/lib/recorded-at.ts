import { RECORDED_AT_MESSAGES, parseRecordedAt, recordedAtProblem } from '@kora/shared';
import { AppError } from './errors';

/**
 * When the desk really took an action an offline desk sends later (`recorded_at`), checked
 * against the server's clock: at most 5 minutes ahead of it (a desk's clock may run a little
 * fast) and at most 7 days old; otherwise 422 with the field's message. Absent: undefined (the
 * action happens now). A retry of an action already recorded under its Idempotency-Key
 * (`replayed` says so; asked only when the time is out of bounds) answers the first result
 * whatever time it carries, so the time is then ignored rather than refused.
 */
export const recordedAtOf = async (
  value: string | undefined,
  now: Date,
  replayed: () => Promise<boolean>,
): Promise<Date | undefined> => {
  if (value === undefined) return undefined;
  const at = parseRecordedAt(value);
  const problem = at ? recordedAtProblem(at, now) : 'invalid';
  if (!problem) return at;
  if (await replayed()) return undefined;
  const message = RECORDED_AT_MESSAGES[problem];
  throw new AppError(422, 'RECORDED_AT_OUT_OF_RANGE', message, { recorded_at: message });
};

/** "recorded offline at …" in an audit entry's details: the desk's time, ISO. */
export const recordedAtDetail = (at: Date | undefined): { recorded_at?: string } =>
  at ? { recorded_at: at.toISOString() } : {};
