import {
  CHECK_IN_MESSAGES,
  LOOKUP_LIMIT,
  REPEAT_CHECK_IN_HOURS,
  TIME_ZONE,
  checkInVerdict,
  coveringSubscription,
  foldForSearch,
  isCardCode,
  lagosDay,
  type CheckInCandidate,
  type CheckInData,
  type CheckInResult,
  type CheckInVerdict,
  type DeskFoundBy,
  type FoundBy,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { toNigerianE164 } from '../../lib/phone';
import { coverOfMembers } from '../subscriptions';
import * as repo from './check-in.repository';
import { toVisit, type Viewer } from './check-in.visits';

/** 404 "No member found": an unknown, old or other business's card, or member. */
export const noMemberFound = () => notFound(CHECK_IN_MESSAGES.noMember, 'MEMBER_NOT_FOUND');

const REPEAT_MS = REPEAT_CHECK_IN_HOURS * 60 * 60 * 1000;

/** What the lookup reads `q` as. */
export type LookupKind =
  | { by: 'card'; code: string }
  | { by: 'phone'; e164: string }
  | { by: 'member_id'; id: { code: string } | { number: string } }
  | { by: 'name'; folded: string }
  | { by: 'none' };

/** A member ID as written (IRON-00042, any case) or its number alone (42: 1–9 digits). */
const MEMBER_CODE = /^([a-z0-9]{1,8})-(\d{1,9})$/i;
const MEMBER_NUMBER = /^\d{1,9}$/;
/** A phone in any usual form: digits, a leading +, spaces, dashes and brackets. */
const PHONE_LIKE = /^\+?[\d\s()-]{10,}$/;

const padded = (digits: string) => String(Number(digits)).padStart(5, '0');

/**
 * How the desk's text is read, first match wins: a card code, a Nigerian phone in any form, a
 * member ID (with the business code or its number alone), else a name (accents optional).
 */
export const classify = (q: string): LookupKind => {
  const text = q.trim();
  if (!text) return { by: 'none' };
  if (isCardCode(text)) return { by: 'card', code: text.toLowerCase() };
  if (PHONE_LIKE.test(text)) {
    const e164 = toNigerianE164(text);
    if (e164) return { by: 'phone', e164 };
  }
  const code = MEMBER_CODE.exec(text);
  if (code)
    return { by: 'member_id', id: { code: `${code[1]!.toUpperCase()}-${padded(code[2]!)}` } };
  if (MEMBER_NUMBER.test(text)) return { by: 'member_id', id: { number: padded(text) } };
  const folded = foldForSearch(text);
  return folded ? { by: 'name', folded } : { by: 'none' };
};

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

/** Each member's verdict today, from one read of their subscriptions. */
const verdictsOf = async (
  exec: Executor,
  businessId: number,
  found: Pick<repo.CheckInMemberRow, 'id' | 'isActive'>[],
  today: string,
) => {
  const covers = await coverOfMembers(
    exec,
    businessId,
    found.map((m) => m.id),
  );
  return new Map(
    found.map((m) => {
      const subscriptions = covers.get(m.id) ?? [];
      return [
        m.id,
        {
          verdict: checkInVerdict({ is_active: m.isActive, today, subscriptions }),
          covering: coveringSubscription(today, subscriptions),
        },
      ];
    }),
  );
};

const toCandidateMember = (m: repo.CheckInMemberRow): CheckInCandidate['member'] => ({
  id: m.id,
  member_id: m.memberCode,
  first_name: m.firstName,
  last_name: m.lastName,
  mobile_number: m.mobileNumber,
  picture_url: m.pictureUrl,
  is_active: m.isActive,
});

/**
 * The members `q` finds (at most 10), each with today's verdict and their visit of the last
 * 2 hours, if any: two statements (the probe with the visits, then the subscriptions). Anything that finds no one (garbage, another business's card) answers [].
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
  const verdicts = await verdictsOf(ctx.db, businessId, found, lagosDay(now));
  return found.map((m) => ({
    member: toCandidateMember(m),
    verdict: verdicts.get(m.id)!.verdict,
    found_by: kind.by as DeskFoundBy,
    checked_in_at: m.recentAt?.toISOString() ?? null,
  }));
};

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "07:42": the Lagos time of an instant, 24-hour. */
export const lagosTime = (at: Date): string => timeFormat.format(at);

/**
 * A kiosk recording a visit: no team user, the kiosk's token, found by `kiosk`. A red verdict
 * is refused like at the desk (the kiosk has no override); the caller answers "Please see the
 * front desk".
 */
export interface KioskSource {
  tokenId: number;
}

export interface CheckInOutcome {
  result: CheckInResult;
  message: string;
  /** 201 for a new visit; 200 for the 2-hour repeat or a replayed Idempotency-Key. */
  status: 200 | 201;
}

/**
 * Checks a member in (at the desk, or at a kiosk when `kiosk` is given). In one transaction
 * that holds the member's row (two desks at once record one visit): a visit in the last 2 hours
 * answers that visit and records nothing; a red verdict is refused (409, the verdict's words)
 * unless the desk gives a reason, then recorded as an override; a reason on a green or amber
 * verdict is ignored. The visit keeps the subscription that covered it.
 */
export const checkIn = async (
  ctx: AppContext,
  viewer: Viewer,
  input: CheckInData,
  idempotencyKey?: string,
  now: Date = new Date(),
  kiosk?: KioskSource,
): Promise<CheckInOutcome> => {
  const { businessId } = viewer;
  let memberId = input.member_id;
  let foundBy: FoundBy = kiosk ? 'kiosk' : (input.found_by ?? 'name');
  if (input.card_code !== undefined) {
    if (!kiosk) foundBy = 'card';
    const code = input.card_code;
    const [byCard] = isCardCode(code) ? await repo.memberByCard(ctx.db, businessId, code) : [];
    if (!byCard) throw noMemberFound();
    memberId = byCard.id;
  }
  // Only the desk lets a member in despite a red verdict.
  const reason = kiosk ? null : (input.override_reason ?? null);
  const today = lagosDay(now);
  let repeat = false;
  let verdict: CheckInVerdict | undefined;
  const { id, replayed } = await createOnce(
    ctx.db,
    { businessId, scope: 'visit', key: idempotencyKey, body: input },
    async (tx) => {
      const member = await repo.lockMember(tx, businessId, memberId!);
      if (!member) throw noMemberFound();
      const { verdict: v, covering } = (await verdictsOf(tx, businessId, [member], today)).get(
        member.id,
      )!;
      verdict = v;
      const earlier = await repo.latestVisitSince(
        tx,
        businessId,
        member.id,
        new Date(now.getTime() - REPEAT_MS),
      );
      if (earlier) {
        repeat = true;
        return earlier.id;
      }
      const red = v.tone === 'red';
      if (red && !reason) throw new AppError(409, CHECK_IN_MESSAGES.refusedCode, v.text);
      return repo.insertVisit(tx, {
        businessId,
        memberId: member.id,
        visitedAt: now,
        recordedByUserId: kiosk ? null : viewer.userId,
        kioskTokenId: kiosk?.tokenId ?? null,
        foundBy,
        verdictStatus: v.status,
        overrideReason: red ? reason : null,
        subscriptionId: covering?.id ?? null,
      });
    },
  );
  const row = await repo.findVisit(ctx.db, businessId, id);
  if (!row) throw noMemberFound();
  if (!verdict) {
    // A replayed Idempotency-Key: today's verdict of the member the first call checked in.
    const [member] = await repo.memberById(ctx.db, businessId, row.memberId);
    verdict = (await verdictsOf(ctx.db, businessId, member ? [member] : [], today)).get(
      row.memberId,
    )?.verdict;
  }
  const result = { visit: toVisit(row, viewer), verdict: verdict!, already_checked_in: repeat };
  if (repeat)
    return {
      result,
      message: CHECK_IN_MESSAGES.alreadyCheckedIn(lagosTime(row.visitedAt)),
      status: 200,
    };
  return { result, message: CHECK_IN_MESSAGES.checkedIn, status: replayed ? 200 : 201 };
};
