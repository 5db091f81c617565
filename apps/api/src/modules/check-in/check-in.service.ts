import {
  CHECK_IN_MESSAGES,
  LOOKUP_LIMIT,
  REPEAT_CHECK_IN_HOURS,
  TIME_ZONE,
  isCardCode,
  lagosDay,
  readLookup,
  type CheckInCandidate,
  type CheckInData,
  type CheckInResult,
  type DeskFoundBy,
  type FoundBy,
  type LookupReading,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { KEY_REUSED, fingerprintOf } from '../../lib/idempotency';
import { recordedAtDetail, recordedAtOf } from '../../lib/recorded-at';
import { toNigerianE164 } from '../../lib/phone';
import { auditEntryJson, type Actor } from '../audit';
import { toCandidateMember, toVisit, verdictOf, type Viewer } from './check-in.answers';
import * as repo from './check-in.repository';

/** 404 "No member found": an unknown, old or other business's card, or member. */
const noMemberFound = () => notFound(CHECK_IN_MESSAGES.noMember, 'MEMBER_NOT_FOUND');

const REPEAT_MS = REPEAT_CHECK_IN_HOURS * 60 * 60 * 1000;

/** The audit entry of a "Let in anyway": who let the member in, the reason, the verdict. */
const overrideEntry = (
  actor: Actor | undefined,
  businessId: number,
  member: { id: number; firstName: string; lastName: string; memberCode: string },
  reason: string,
  verdictText: string,
  recordedAt: Date | undefined,
) => {
  if (!actor) throw new Error('an override needs the actor who let the member in');
  return auditEntryJson(actor, {
    businessId,
    action: 'check_in.override',
    recordKind: 'visit',
    recordLabel: `${`${member.firstName} ${member.lastName}`.trim()} (${member.memberCode})`,
    memberId: member.id,
    detail: { reason, verdict: verdictText, ...recordedAtDetail(recordedAt) },
  });
};

/** What the lookup reads `q` as. */
export type LookupKind = LookupReading;

/**
 * How the desk's text is read, first match wins: a card code, a Nigerian phone in any form
 * (valid by the numbering plan), a member ID (with the business code or its number alone), else
 * a name (accents optional). The same reading as the web app's lookup on the device.
 */
export const classify = (q: string): LookupKind => readLookup(q, toNigerianE164);

/** The members `kind` finds, at most LOOKUP_LIMIT, each with their latest visit since `since`. */
const find = async (db: Executor, businessId: number, kind: LookupKind, since: Date) => {
  switch (kind.by) {
    case 'card':
      return repo.memberByCard(db, businessId, kind.code, since);
    case 'phone':
      return repo.membersByPhone(db, businessId, kind.e164, since);
    case 'member_id':
      return repo.memberByMemberId(db, businessId, kind.id, since);
    case 'name':
      return repo.membersByName(db, businessId, kind.folded, since);
    case 'none':
      return [];
  }
};

/**
 * The members `q` finds (at most 10), each with today's verdict and their visit of the last
 * 2 hours, if any: one statement (the probe, each member's cover and recent visit). Anything
 * that finds no one (garbage, another business's card) answers [].
 */
export const lookUp = async (
  ctx: AppContext,
  businessId: number,
  q: string,
  now: Date = new Date(),
): Promise<CheckInCandidate[]> => {
  const kind = classify(q);
  if (kind.by === 'none') return [];
  const since = new Date(now.getTime() - REPEAT_MS);
  const found = (await find(ctx.db, businessId, kind, since)).slice(0, LOOKUP_LIMIT);
  if (found.length === 0) return [];
  const today = lagosDay(now);
  return found.map((m) => ({
    member: toCandidateMember(m),
    verdict: verdictOf(m.isActive, today, m.cover, m.frozenUntil).verdict,
    found_by: kind.by as DeskFoundBy,
    checked_in_at: m.recentAt?.toISOString() ?? null,
  }));
};

/**
 * The members a card, phone or member ID (as `classify` read it) finds, at most `limit`, with
 * the lookup's own probes: the kiosk asks for 2 to tell one member from several.
 */
export const findMembers = async (
  db: Executor,
  businessId: number,
  kind: LookupKind,
  limit: number,
  now: Date = new Date(),
): Promise<repo.CheckInMemberRow[]> =>
  (await find(db, businessId, kind, new Date(now.getTime() - REPEAT_MS))).slice(0, limit);

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "07:42": the Lagos time of an instant, 24-hour. */
const lagosTime = (at: Date): string => timeFormat.format(at);

/**
 * A kiosk recording a visit: no team user, the kiosk's token, found by `kiosk`. A red verdict
 * is refused like at the desk (the kiosk has no override); the caller answers "Please see the
 * front desk".
 */
export interface KioskSource {
  tokenId: number;
  /** The kiosk's name, as its visits show it. */
  name: string;
}

export interface CheckInOutcome {
  result: CheckInResult;
  message: string;
  /** 201 for a new visit; 200 for the 2-hour repeat or a replayed Idempotency-Key. */
  status: 200 | 201;
}

/** How many times a check-in decides its verdict again when the cover changed meanwhile. */
const ATTEMPTS = 5;

/**
 * Checks a member in (at the desk, or at a kiosk when `kiosk` is given), holding the member's
 * row while the visit is recorded (two desks at once record one visit): a visit in the last 2
 * hours answers that visit and records nothing; a red verdict is refused (409, the verdict's
 * words) unless the desk gives a reason, then recorded as an override; a reason on a green or
 * amber verdict is ignored. The visit keeps the subscription that covered it.
 *
 * Two round trips: the member's cover and recent visit are read and the verdict decided here
 * (the one checkInVerdict); then kora_check_in locks the row, checks the cover is still the one
 * read (else the verdict is decided again: a payment was recorded in between), and records the
 * visit, answered from what the server knows (a repeat or a replayed key reads the visit).
 */
export const checkIn = (
  ctx: AppContext,
  viewer: Viewer,
  input: CheckInData,
  idempotencyKey?: string,
  now: Date = new Date(),
  kiosk?: KioskSource,
  actor?: Actor,
): Promise<CheckInOutcome> => checkInOn(ctx.db, viewer, input, idempotencyKey, now, kiosk, actor);

/**
 * Checks a member in inside the caller's transaction, by the same rules and the same
 * kora_check_in as `checkIn`: the day pass records its payment and the visit together, so the
 * verdict reads the payment just made and a failure keeps neither. The member's row stays
 * locked until the caller's transaction ends. Its visit says how it came: `found_by` may be
 * `day_pass` (the visit a day-pass sale records).
 */
export const checkInWithin = (
  tx: Tx,
  viewer: Viewer,
  input: Omit<CheckInData, 'found_by'> & { found_by?: FoundBy },
  now: Date = new Date(),
): Promise<CheckInOutcome> => checkInOn(tx, viewer, input, undefined, now);

const checkInOn = async (
  db: Executor,
  viewer: Viewer,
  input: Omit<CheckInData, 'found_by'> & { found_by?: FoundBy },
  idempotencyKey: string | undefined,
  now: Date,
  kiosk?: KioskSource,
  actor?: Actor,
): Promise<CheckInOutcome> => {
  const { businessId } = viewer;
  let foundBy: FoundBy = kiosk ? 'kiosk' : (input.found_by ?? 'name');
  let by: { id: number } | { card: string };
  if (input.card_code !== undefined) {
    if (!kiosk) foundBy = 'card';
    if (!isCardCode(input.card_code)) throw noMemberFound();
    by = { card: input.card_code };
  } else by = { id: input.member_id! };
  // Only the desk lets a member in despite a red verdict.
  const reason = kiosk ? null : (input.override_reason ?? null);
  const key = idempotencyKey ?? null;
  // An offline desk's check-in happens when the desk recorded it: the visit's time, the 2-hour
  // rule around it and the verdict's day. A retry of a check-in already answered under its key
  // answers it whatever time it carries.
  const recordedAt = kiosk
    ? undefined
    : await recordedAtOf(input.recorded_at, now, async () =>
        key ? repo.visitKeyAnswered(db, businessId, key) : false,
      );
  if (recordedAt) now = recordedAt;
  const today = lagosDay(now);
  // A visit within 2 hours either side (an offline desk's visit arrives after later ones).
  const since = new Date(now.getTime() - REPEAT_MS);
  const until = new Date(now.getTime() + REPEAT_MS);
  for (let attempt = 1; ; attempt++) {
    const member = await repo.checkInState(db, businessId, by, since, until);
    if (!member) throw noMemberFound();
    const { verdict, covering } = verdictOf(
      member.isActive,
      today,
      JSON.parse(member.cover),
      member.frozenUntil,
    );
    const red = verdict.tone === 'red';
    const refuse = red && !reason;
    let status: repo.RecordVisitStatus;
    let visitId: number | null;
    if (!key && member.earlierId !== null) {
      // The 2-hour repeat: nothing to record, nothing to lock.
      [status, visitId] = ['repeat', member.earlierId];
    } else if (!key && refuse) {
      [status, visitId] = ['refused', null];
    } else {
      const visit: repo.VisitToRecord = {
        businessId,
        memberId: member.id,
        since,
        until,
        isActive: member.isActive,
        cover: member.cover,
        refuse,
        key,
        // The same check-in sent again carries the same key whatever its recorded time.
        fingerprint: key ? fingerprintOf({ ...input, recorded_at: undefined }) : null,
        visitedAt: now,
        recordedByUserId: kiosk ? null : viewer.userId,
        kioskTokenId: kiosk?.tokenId ?? null,
        foundBy,
        verdictStatus: verdict.status,
        overrideReason: red ? reason : null,
        subscriptionId: covering?.id ?? null,
        // "Let in anyway": the visit and its audit entry (who, the reason) in one statement.
        audit:
          red && reason
            ? overrideEntry(actor, businessId, member, reason, verdict.text, recordedAt)
            : null,
      };
      ({ status, visitId } = await repo.recordVisit(db, visit));
    }
    switch (status) {
      case 'stale':
        if (attempt < ATTEMPTS) continue;
        throw new AppError(
          503,
          'CHECK_IN_BUSY',
          "This member's subscriptions are changing right now. Please try again.",
        );
      case 'member_not_found':
        throw noMemberFound();
      case 'key_reused':
        throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
      case 'refused':
        throw new AppError(409, CHECK_IN_MESSAGES.refusedCode, verdict.text);
    }
    // A visit just recorded is answered from what is known (no read-back); a repeat or a
    // replayed key reads the earlier visit with its people.
    const recordedBy = kiosk ? null : viewer.name;
    const row =
      status === 'recorded' && recordedBy !== undefined
        ? {
            id: visitId!,
            visitedAt: now,
            foundBy,
            verdictStatus: verdict.status,
            overrideReason: red ? reason : null,
            recordedById: kiosk ? null : viewer.userId,
            recordedByName: recordedBy,
            memberId: member.id,
            memberCode: member.memberCode,
            firstName: member.firstName,
            lastName: member.lastName,
            pictureUrl: member.pictureUrl,
            kioskName: kiosk?.name ?? null,
          }
        : await repo.findVisit(db, businessId, visitId!);
    if (!row) throw noMemberFound();
    // A replayed key answers today's verdict of the member its visit is of.
    const answered =
      row.memberId === member.id
        ? verdict
        : await (async () => {
            const other = await repo.checkInState(
              db,
              businessId,
              { id: row.memberId },
              since,
              until,
            );
            return (
              other &&
              verdictOf(other.isActive, today, JSON.parse(other.cover), other.frozenUntil).verdict
            );
          })();
    if (!answered) throw noMemberFound();
    const repeat = status === 'repeat';
    const result = { visit: toVisit(row, viewer), verdict: answered, already_checked_in: repeat };
    if (repeat)
      return {
        result,
        message: CHECK_IN_MESSAGES.alreadyCheckedIn(lagosTime(row.visitedAt)),
        status: 200,
      };
    return {
      result,
      message: CHECK_IN_MESSAGES.checkedIn,
      status: status === 'replayed' ? 200 : 201,
    };
  }
};
