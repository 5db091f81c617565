import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { SubscriptionStatusFilter } from '@kora/shared';
import { memberBrief, planBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { given, ofMemberAndPlan, type MemberPlanFilters } from '../../db/filters';
import { members, plans, subscriptions } from '../../db/schema';
import { inBusiness } from '../../db/tenant';
import type { ExportCursor } from '../../lib/export-file';
import { readPage } from '../../lib/paging';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface SubscriptionFilters extends MemberPlanFilters {
  status?: SubscriptionStatusFilter;
  /** Periods overlapping from … to (either open). */
  from?: string;
  to?: string;
}

/** Running today (Lagos): active, started today or earlier, ending today or later. */
const isRunning = (today: string) =>
  and(
    eq(subscriptions.isActive, true),
    lte(subscriptions.startDate, today),
    gte(subscriptions.expiryDate, today),
  )!;

/** Paid in advance: a renewal waiting for the running period to end starts after today. */
const isUpcoming = (today: string) =>
  and(eq(subscriptions.isActive, true), gt(subscriptions.startDate, today))!;

/** The subscriptions the list's filters keep (the list and the export read by it). */
const filterCondition = (businessId: number, f: SubscriptionFilters, today: string): SQL =>
  and(
    ...ofMemberAndPlan(subscriptions, businessId, f),
    f.status === 'active' ? isRunning(today) : undefined,
    f.status === 'upcoming' ? isUpcoming(today) : undefined,
    f.status === 'expired' ? lt(subscriptions.expiryDate, today) : undefined,
    // Periods overlapping from … to.
    given(f.from, (day) => gte(subscriptions.expiryDate, day)),
    given(f.to, (day) => lte(subscriptions.startDate, day)),
  )!;

export const listSubscriptions = async (
  db: Executor,
  businessId: number,
  filters: SubscriptionFilters,
  today: string,
  page: { limit: number; offset: number },
) => {
  const where = filterCondition(businessId, filters, today);
  return readPage(
    db
      .select({ subscription: subscriptions, member: memberBrief, plan: planBrief })
      .from(subscriptions)
      .innerJoin(members, eq(members.id, subscriptions.memberId))
      .innerJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(subscriptions).where(where),
  );
};

/**
 * One batch of the export: up to `limit` subscriptions the list's filters keep, newest first
 * (like the list), after `after`, with the member's ID and the exact created_at.
 */
export const exportSubscriptionsBatch = (
  db: Executor,
  businessId: number,
  filters: SubscriptionFilters,
  today: string,
  after: ExportCursor | undefined,
  limit: number,
) =>
  db
    .select({
      subscription: subscriptions,
      member: memberBrief,
      memberCode: members.memberCode,
      plan: planBrief,
      // A group plan's people: the payer who covers this member, or how many this payer covers
      // (each a probe of the group indexes, only for group plans).
      coveredBy: sql<
        string | null
      >`case when ${subscriptions.groupSubscriptionId} is not null then (
        select m.first_name || ' ' || m.last_name || ' (' || m.member_id || ')'
        from subscriptions g join members m on m.id = g.member_id
        where g.id = ${subscriptions.groupSubscriptionId}) end`,
      covers: sql<number>`case when ${plans.isGrouped} then (
        select count(*) from subscriptions c
        where c.group_subscription_id = ${subscriptions.id}) else 0 end`.mapWith(Number),
      cursor: sql<string>`${subscriptions.createdAt}::text`,
    })
    .from(subscriptions)
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .innerJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
    .where(
      and(
        filterCondition(businessId, filters, today),
        after
          ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit);
export type SubscriptionExportRow = Awaited<ReturnType<typeof exportSubscriptionsBatch>>[number];

export const subscriptionSummary = async (
  db: Executor,
  businessId: number,
  today: string,
  soon: string,
) =>
  (
    await db
      .select({
        active: count(sql`case when ${isRunning(today)} then 1 end`),
        expiring: count(
          sql`case when ${isRunning(today)} and ${subscriptions.expiryDate} <= ${soon} then 1 end`,
        ),
        upcoming: count(sql`case when ${isUpcoming(today)} then 1 end`),
        expired: count(sql`case when ${subscriptions.expiryDate} < ${today} then 1 end`),
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.businessId, businessId),
          // Walk-ins' day passes are not memberships (see members.is_walk_in).
          sql`${subscriptions.memberId} not in (select ${members.id} from ${members}
            where ${members.businessId} = ${businessId} and ${members.isWalkIn})`,
        ),
      )
  )[0]!;

/**
 * The people of group plans, for the subscriptions shown: the members each paid group
 * subscription of `groupIds` covers, and the payer of each group subscription of `payerOf` (a
 * covered member's). Nothing is read for an empty list.
 */
export const groupPeople = async (
  db: Executor,
  businessId: number,
  groupIds: number[],
  payerOf: number[],
) => {
  const [covered, payers] = await Promise.all([
    groupIds.length === 0
      ? []
      : db
          .select({ groupId: subscriptions.groupSubscriptionId, member: memberBrief })
          .from(subscriptions)
          .innerJoin(members, eq(members.id, subscriptions.memberId))
          .where(
            inBusiness(
              subscriptions,
              businessId,
              inArray(subscriptions.groupSubscriptionId, groupIds),
            ),
          )
          .orderBy(asc(subscriptions.id)),
    payerOf.length === 0
      ? []
      : db
          .select({ subscriptionId: subscriptions.id, member: memberBrief })
          .from(subscriptions)
          .innerJoin(members, eq(members.id, subscriptions.memberId))
          .where(inBusiness(subscriptions, businessId, inArray(subscriptions.id, payerOf))),
  ]);
  return { covered, payers };
};
