import { z } from 'zod';
import { DOCUMENTED } from './common';
import { isCalendarDay } from './dates';
import { memberBriefSchema } from './members';

/*
 * The offline desk: what the front desk records while the network is down reaches the server
 * later with the time it really happened (`recorded_at`), and the desk keeps its own copy of the
 * business's members (the roster) to look them up and check them in meanwhile.
 */

/** A queued action may be this old when it reaches the server (the desk was offline). */
export const OFFLINE_MAX_AGE_DAYS = 7;
/** A desk's clock may run this far ahead of the server's. */
export const RECORDED_AT_SKEW_MINUTES = 5;
export const RECORDED_AT_MESSAGES = {
  invalid: 'Recorded at must be a date and time',
  future: 'Recorded at cannot be in the future',
  tooOld: 'Recorded at must be within the last 7 days',
} as const;

/** The longest ISO instant accepted (`2026-11-26T07:42:10.123456789+01:00` is 35). */
const RECORDED_AT_MAX = 40;
/** RFC 3339's date and time (seconds included, as its `date-time` format has them), upper case. */
const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** The instant an ISO 8601 date and time with its offset (or Z) names; undefined when it is not one. */
export const parseRecordedAt = (value: string): Date | undefined => {
  const m = ISO_INSTANT.exec(value);
  if (!m || !isCalendarDay(m[1]!)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/**
 * `recorded_at`: when the desk really did it, an ISO 8601 instant with its seconds and its
 * offset or Z (e.g. 2026-11-26T07:42:10.123Z). Optional: absent means now. Only the shape is checked here;
 * the server checks it against its own clock (at most 5 minutes ahead, at most 7 days old).
 */
export const recordedAtField = z
  .string({ error: RECORDED_AT_MESSAGES.invalid })
  .max(RECORDED_AT_MAX, { error: RECORDED_AT_MESSAGES.invalid })
  .refine((v) => parseRecordedAt(v) !== undefined, { error: RECORDED_AT_MESSAGES.invalid })
  .meta(DOCUMENTED.instant)
  .optional();

/**
 * Which bound a recorded time breaks against the server's `now`, or null when it is fine:
 * later than now + 5 minutes is `future`; earlier than now − 7 days is `tooOld`.
 */
export const recordedAtProblem = (
  at: Date,
  now: Date,
): keyof typeof RECORDED_AT_MESSAGES | null => {
  if (at.getTime() > now.getTime() + RECORDED_AT_SKEW_MINUTES * 60_000) return 'future';
  if (at.getTime() < now.getTime() - OFFLINE_MAX_AGE_DAYS * 86_400_000) return 'tooOld';
  return null;
};

// ---------------------------------------------------------------------------------------------
// The roster: the desk's copy of the members

/**
 * One member as the desk keeps them to look up and check in without a connection. The device
 * keeps no phone number: only its hash, as it keeps only a card's, so a lost or shared desk
 * holds no member's phone; a phone typed at the desk is found through its hash.
 */
export const rosterMemberSchema = memberBriefSchema.omit({ mobile_number: true }).extend({
  /** SHA-256 (hex, lower case) of the member's current card code; null when none. */
  card_hash: z.string().nullable(),
  /**
   * SHA-256 (hex, lower case) of the member's phone in E.164 (+2348031234567), the one form
   * every Nigerian way of writing it is read as; null when it is not a Nigerian number.
   */
  phone_hash: z.string().nullable(),
  is_active: z.boolean(),
  /** Own and group-covered subscriptions that are not withdrawn and end on or after today − 30 days. */
  subscriptions: z.array(
    z.object({
      start_date: z.string(),
      expiry_date: z.string(),
      plan_name: z.string(),
      covered_by: z.string().nullable(),
    }),
  ),
  /** ISO instant of the member's last visit, or null. */
  last_visit_at: z.string().nullable(),
  /**
   * The member's approved freeze running today, else the next one ahead: its first and last
   * frozen day (YYYY-MM-DD), or null. The desk's verdict says "Frozen until …" on the days
   * between. A copy kept from before freezes existed has neither (read as null).
   */
  frozen_from: z.string().nullable().optional(),
  frozen_until: z.string().nullable().optional(),
});
export type RosterMember = z.infer<typeof rosterMemberSchema>;

/** The most members one roster page answers, and how many when not asked. */
export const ROSTER_PAGE_MAX = 2000;
const ROSTER_PAGE_DEFAULT = 1000;
/** A roster subscription ended more than this many days ago is left out. */
export const ROSTER_PAST_DAYS = 30;
/** A cursor the server does not recognise: the device downloads the roster again. */
export const ROSTER_CURSOR_MESSAGE = 'Sync again from the start';
const ROSTER_CURSOR_MAX = 100;

export const rosterQuery = z.object({
  /** Opaque: the `meta.cursor` of the last answer; empty for the first download. */
  cursor: z
    .string({ error: ROSTER_CURSOR_MESSAGE })
    .max(ROSTER_CURSOR_MAX, { error: ROSTER_CURSOR_MESSAGE })
    .default(''),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(ROSTER_PAGE_MAX, { error: `Limit must be at most ${ROSTER_PAGE_MAX}` })
    .default(ROSTER_PAGE_DEFAULT),
});
export type RosterQuery = z.infer<typeof rosterQuery>;

export const rosterAnswer = z.object({
  message: z.string(),
  data: z.array(rosterMemberSchema),
  meta: z.object({
    /** What to send next time. */
    cursor: z.string(),
    /** true: call again at once with `cursor`. */
    more: z.boolean(),
    /** Ids of members deleted after the cursor sent. */
    removed: z.array(z.number().int()),
  }),
});
export type RosterAnswer = z.infer<typeof rosterAnswer>;
