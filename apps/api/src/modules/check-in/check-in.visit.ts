import {
  REPEAT_CHECK_IN_HOURS,
  checkInVerdict,
  coveringSubscription,
  isCardCode,
  lagosDay,
  type CheckInVerdict,
  type FoundBy,
  type Visit,
  type VerdictSubscription,
} from '@kora/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import {
  businesses,
  kioskTokens,
  members,
  plans,
  subscriptions,
  users,
  visits,
} from '../../db/schema';
import { toNigerianE164 } from '../../lib/phone';

/*
 * The pieces of check-in that the kiosk and the day pass share with the desk: finding a member
 * by what they bring (card, phone, member ID), their verdict, and recording a visit with the
 * 2-hour repeat rule.
 */

/** How a typed or scanned text finds members. */
export type CodeKind = 'card' | 'phone' | 'member_id' | 'name';

/** A member ID as staff read it (IRON-00042, any case) or its number alone (42). */
const MEMBER_CODE = /^[a-z0-9]{1,8}-\d{1,9}$/i;
const MEMBER_NUMBER = /^\d{1,9}$/;

/** What the text is: a card code, a Nigerian phone (any form), a member ID, else a name. */
export const codeKindOf = (text: string): { kind: CodeKind; value: string | number } => {
  const q = text.trim();
  if (isCardCode(q)) return { kind: 'card', value: q.toLowerCase() };
  const compact = q.replace(/[\s()-]/g, '');
  if (/^\+?\d{10,14}$/.test(compact)) {
    const phone = toNigerianE164(compact);
    if (phone) return { kind: 'phone', value: phone };
  }
  if (MEMBER_CODE.test(q)) return { kind: 'member_id', value: q.toUpperCase() };
  if (MEMBER_NUMBER.test(q)) return { kind: 'member_id', value: Number(q) };
  return { kind: 'name', value: q };
};

/** The member fields the kiosk and the day pass read. */
export interface CheckInMember {
  id: number;
  firstName: string;
  pictureUrl: string | null;
  isActive: boolean;
}

const memberFields = {
  id: members.id,
  firstName: members.firstName,
  pictureUrl: members.pictureUrl,
  isActive: members.isActive,
};

/**
 * The members of this business that a card code, phone or member ID finds (at most `limit`);
 * a name finds no one here (the desk's lookup searches names). Another business's card, phone
 * or ID finds nothing, exactly like an unknown one.
 */
export const membersByCode = async (
  exec: Executor,
  businessId: number,
  text: string,
  limit = 2,
): Promise<{ kind: CodeKind; members: CheckInMember[] }> => {
  const { kind, value } = codeKindOf(text);
  if (kind === 'name') return { kind, members: [] };
  const where =
    kind === 'card'
      ? eq(members.cardCode, value as string)
      : kind === 'phone'
        ? eq(members.mobileNumber, value as string)
        : typeof value === 'number'
          ? // The number alone is the business's code and the number (IPG-00042): the member ID's
            // index finds it.
            eq(
              members.memberCode,
              sql`(select ${businesses.code} || '-' || lpad(${String(value)}, greatest(5, length(${String(value)})), '0') from ${businesses} where ${businesses.id} = ${businessId})`,
            )
          : eq(members.memberCode, value);
  const found = await exec
    .select(memberFields)
    .from(members)
    .where(and(eq(members.businessId, businessId), where))
    .orderBy(members.id)
    .limit(limit);
  return { kind, members: found };
};

const payers = alias(members, 'payers');
const groupSubscriptions = alias(subscriptions, 'group_subscriptions');

/** The member's active subscriptions, own and group-covered, as the verdict reads them. */
const subscriptionsOf = async (
  exec: Executor,
  businessId: number,
  memberId: number,
): Promise<(VerdictSubscription & { id: number })[]> =>
  (
    await exec
      .select({
        id: subscriptions.id,
        start_date: subscriptions.startDate,
        expiry_date: subscriptions.expiryDate,
        plan_name: plans.name,
        payerFirst: payers.firstName,
        payerLast: payers.lastName,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
      .leftJoin(groupSubscriptions, eq(groupSubscriptions.id, subscriptions.groupSubscriptionId))
      .leftJoin(payers, eq(payers.id, groupSubscriptions.memberId))
      .where(
        and(
          eq(subscriptions.businessId, businessId),
          eq(subscriptions.memberId, memberId),
          eq(subscriptions.isActive, true),
        ),
      )
  ).map(({ payerFirst, payerLast, ...s }) => ({
    ...s,
    covered_by: payerFirst ? `${payerFirst} ${payerLast ?? ''}`.trim() : null,
  }));

/** The member's verdict today, and the subscription that covers today (if any). */
export const verdictOf = async (
  exec: Executor,
  businessId: number,
  member: { id: number; isActive: boolean },
  today: string = lagosDay(),
): Promise<{ verdict: CheckInVerdict; subscriptionId: number | null }> => {
  const subs = await subscriptionsOf(exec, businessId, member.id);
  return {
    verdict: checkInVerdict({ is_active: member.isActive, today, subscriptions: subs }),
    subscriptionId: coveringSubscription(today, subs)?.id ?? null,
  };
};

/** Who records a visit: a team user at the desk, or a kiosk. */
export type VisitSource = { userId: number } | { kioskTokenId: number };

export interface VisitOutcome {
  /** The visit recorded now, or the earlier one within 2 hours. */
  visitId: number;
  visitedAt: Date;
  /** true: an earlier visit within 2 hours was found and nothing was recorded. */
  repeated: boolean;
  verdict: CheckInVerdict;
}

/**
 * Records a visit of member `memberId` (of this business) in the caller's transaction, unless
 * they were checked in within the last 2 hours: then nothing is recorded and the earlier visit
 * is answered (`repeated`). The member row is locked first, so two check-ins of one member at
 * the same moment record one visit. The verdict is read after the lock (a payment made in the
 * same transaction counts). `allow` decides, from the verdict, whether a visit may be recorded
 * (the caller refuses a red verdict its own way): null when it says no.
 */
export const recordVisit = async (
  tx: Tx,
  businessId: number,
  member: { id: number; isActive: boolean },
  opts: {
    foundBy: FoundBy;
    source: VisitSource;
    allow?: (verdict: CheckInVerdict) => boolean;
    overrideReason?: string | null;
    today?: string;
  },
): Promise<VisitOutcome | null> => {
  await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.businessId, businessId), eq(members.id, member.id)))
    .for('update');
  const { verdict, subscriptionId } = await verdictOf(tx, businessId, member, opts.today);
  const [earlier] = await tx
    .select({ id: visits.id, visitedAt: visits.visitedAt })
    .from(visits)
    .where(
      and(
        eq(visits.businessId, businessId),
        eq(visits.memberId, member.id),
        gt(visits.visitedAt, sql`now() - make_interval(hours => ${REPEAT_CHECK_IN_HOURS})`),
      ),
    )
    .orderBy(desc(visits.visitedAt))
    .limit(1);
  if (earlier)
    return { visitId: earlier.id, visitedAt: earlier.visitedAt, repeated: true, verdict };
  if (opts.allow && !opts.allow(verdict)) return null;
  const [visit] = await tx
    .insert(visits)
    .values({
      businessId,
      memberId: member.id,
      recordedByUserId: 'userId' in opts.source ? opts.source.userId : null,
      kioskTokenId: 'kioskTokenId' in opts.source ? opts.source.kioskTokenId : null,
      foundBy: opts.foundBy,
      verdictStatus: verdict.status,
      overrideReason: opts.overrideReason ?? null,
      subscriptionId,
    })
    .returning({ id: visits.id, visitedAt: visits.visitedAt });
  return { visitId: visit!.id, visitedAt: visit!.visitedAt, repeated: false, verdict };
};

/** A visit of this business as the API answers it (the reason as stored). */
export const findVisit = async (
  exec: Executor,
  businessId: number,
  visitId: number,
): Promise<Visit | undefined> => {
  const [row] = await exec
    .select({
      visit: visits,
      memberCode: members.memberCode,
      firstName: members.firstName,
      lastName: members.lastName,
      pictureUrl: members.pictureUrl,
      userFirst: users.firstName,
      userLast: users.lastName,
      kioskName: kioskTokens.name,
    })
    .from(visits)
    .innerJoin(members, eq(members.id, visits.memberId))
    .leftJoin(users, eq(users.id, visits.recordedByUserId))
    .leftJoin(kioskTokens, eq(kioskTokens.id, visits.kioskTokenId))
    .where(and(eq(visits.businessId, businessId), eq(visits.id, visitId)))
    .limit(1);
  if (!row) return undefined;
  const v = row.visit;
  return {
    id: v.id,
    visited_at: v.visitedAt.toISOString(),
    member: {
      id: v.memberId,
      member_id: row.memberCode,
      first_name: row.firstName,
      last_name: row.lastName,
      picture_url: row.pictureUrl,
    },
    recorded_by:
      v.recordedByUserId && row.userFirst
        ? { id: v.recordedByUserId, name: `${row.userFirst} ${row.userLast ?? ''}`.trim() }
        : null,
    kiosk_name: row.kioskName,
    found_by: v.foundBy as FoundBy,
    verdict_status: v.verdictStatus as Visit['verdict_status'],
    overridden: v.overrideReason !== null,
    override_reason: v.overrideReason,
  };
};
