import { lagosDay } from '@kora/shared';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, memberCover, members, plans, subscriptions } from '../../db/schema';
import { ofBusiness, updateOfBusiness, type RecordQuery } from '../../db/tenant';

export type MemberInsert = Omit<
  typeof members.$inferInsert,
  'id' | 'businessId' | 'memberNumber' | 'memberCode' | 'createdAt' | 'updatedAt'
>;
export type MemberChanges = Partial<MemberInsert> & { pictureUrl?: string | null };

/**
 * THE place a member's current plan and subscription status come from: their latest
 * subscription (the active one ending last), found per member with a LATERAL lookup on
 * subscriptions (business_id, member_id, …), so a page of 10 members costs 10 index probes.
 * The plan is that subscription's plan, or the plan chosen at creation when none exists;
 * status 1 Active (an active subscription ends today or later, Lagos), 2 Expired
 * (subscriptions exist, none current), 0 No Subscription.
 */
export const latestSubscription = (db: Executor, today: string | SQL) =>
  db
    .select({
      planId: subscriptions.subscriptionTypeId,
      expiryDate: subscriptions.expiryDate,
      current:
        sql<boolean>`(${subscriptions.isActive} and ${subscriptions.expiryDate} >= ${today})`.as(
          'current',
        ),
    })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.businessId, members.businessId), eq(subscriptions.memberId, members.id)),
    )
    .orderBy(desc(subscriptions.isActive), desc(subscriptions.expiryDate), desc(subscriptions.id))
    .limit(1)
    .as('latest_subscription');

/**
 * The plan a member's row shows: their latest subscription's plan, or the plan chosen at creation
 * when they have no subscription (join `plans` on this after `latest`).
 */
export const planOfLatest = (latest: ReturnType<typeof latestSubscription>) =>
  and(
    eq(plans.id, sql`coalesce(${latest.planId}, ${members.subscriptionTypeId})`),
    eq(plans.businessId, members.businessId),
  );

export const subscriptionColumns = (latest: ReturnType<typeof latestSubscription>) => ({
  planId: plans.id,
  planName: plans.name,
  planAmountKobo: plans.amountKobo,
  planDuration: plans.duration,
  planDurationType: plans.durationType,
  subscriptionStatus:
    sql<number>`case when ${latest.planId} is null then 0 when ${latest.current} then 1 else 2 end`.mapWith(
      Number,
    ),
});

/**
 * Members with their current plan and status. `from` may be a page of members already cut
 * (SQL aliased "members" with the table's columns), so the per-member lookups run for that
 * page's rows only, not for the rows an OFFSET skips. `today` may be a value bound when a
 * prepared statement runs.
 */
export const selectMembers = <E extends Record<string, SQL.Aliased | SQL>>(
  db: Executor,
  from: typeof members = members,
  today: string | SQL = lagosDay(),
  extra: E = {} as E,
) => {
  const latest = latestSubscription(db, today);
  return db
    .select({
      member: members,
      ...subscriptionColumns(latest),
      // The approved freeze covering today, if any: its last day ("Frozen until …").
      frozenUntil: sql<
        string | null
      >`kora_frozen_until(${members.businessId}, ${members.id}, ${today}::date)::text`,
      ...extra,
    })
    .from(from)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(plans, planOfLatest(latest));
};

/** A subscription status of selectMembers: 1 Active, 2 Expired, 0 No Subscription. */
export type SubscriptionStatusCode = 0 | 1 | 2;

/**
 * The prospects a message may reach: members who never subscribed, and the walk-ins (a day pass
 * added them; they have not joined: see `members.is_walk_in`).
 */
export const PROSPECTS = 'prospects';

/**
 * The active (not deactivated) members of a business a bulk message may reach (walk-ins only
 * among the prospects), optionally only
 * those of one subscription status (as the members list shows it) or the prospects, with what a
 * message's placeholders need: names, addresses, current plan and latest expiry. One query, by
 * id.
 */
export const selectAudience = (
  db: Executor,
  businessId: number,
  status: SubscriptionStatusCode | typeof PROSPECTS | undefined,
) => {
  const latest = latestSubscription(db, lagosDay());
  const columns = subscriptionColumns(latest);
  return db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      emailAddress: members.emailAddress,
      mobileNumber: members.mobileNumber,
      marketingConsent: members.marketingConsent,
      planName: columns.planName,
      expiryDate: latest.expiryDate,
      subscriptionStatus: columns.subscriptionStatus,
    })
    .from(members)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(plans, planOfLatest(latest))
    .where(
      and(
        eq(members.businessId, businessId),
        eq(members.isActive, true),
        status === PROSPECTS
          ? sql`(${members.isWalkIn} or ${columns.subscriptionStatus} = 0)`
          : eq(members.isWalkIn, false),
        status === undefined || status === PROSPECTS
          ? undefined
          : sql`${columns.subscriptionStatus} = ${status}`,
      ),
    )
    .orderBy(members.id);
};
export type AudienceRow = Awaited<ReturnType<typeof selectAudience>>[number];

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export const findMember = async (db: Executor, businessId: number, id: number) =>
  (
    await selectMembers(db)
      .where(ofBusiness(members, businessId, id))
      .limit(1)
  )[0];

/** Locks a member of this business for the rest of the transaction; false when there is none. */
export const lockMember = async (db: Executor, businessId: number, id: number) =>
  (
    await db
      .select({ id: members.id })
      .from(members)
      .where(ofBusiness(members, businessId, id))
      .for('update')
  ).length === 1;

/** Hands out the business's next member number; the row lock serialises concurrent creates. */
export const nextMemberNumber = async (db: Executor, businessId: number) =>
  (
    await db
      .update(businesses)
      .set({ memberSeq: sql`${businesses.memberSeq} + 1` })
      .where(eq(businesses.id, businessId))
      .returning({ seq: businesses.memberSeq, code: businesses.code })
  )[0];

export const insertMember = async (
  db: Executor,
  businessId: number,
  number: { memberNumber: number; memberCode: string },
  values: MemberInsert,
): Promise<number> =>
  (
    await db
      .insert(members)
      .values({ ...values, ...number, businessId })
      .returning({ id: members.id })
  )[0]!.id;

/** Answers whether a member of this business was updated. */
export const updateMember: RecordQuery<boolean, [values: MemberChanges]> = async (
  db,
  businessId,
  id,
  values,
) => (await updateOfBusiness(db, members, businessId, id, values)).length === 1;

/**
 * The members page's counts, walk-ins left out (they are counted apart: `walkIns`, those whose
 * account is active). `deactivated`: accounts the gym deactivated. `lapsed`: accounts
 * still active whose cover ended before today and who have not paid since, read from each
 * member's last paid day (`member_cover`), the same rule as the dashboard's churn; members who
 * never subscribed are not lapsed.
 */
export const memberSummary = async (
  db: Executor,
  businessId: number,
  monthStart: Date,
  today: string,
) =>
  (
    await db
      .select({
        total: count(sql`case when not ${members.isWalkIn} then 1 end`),
        active: count(sql`case when ${members.isActive} and not ${members.isWalkIn} then 1 end`),
        newThisMonth: count(
          sql`case when ${members.createdAt} >= ${monthStart} and not ${members.isWalkIn} then 1 end`,
        ),
        deactivated: count(
          sql`case when not ${members.isActive} and not ${members.isWalkIn} then 1 end`,
        ),
        lapsed: count(
          sql`case when ${members.isActive} and not ${members.isWalkIn} and ${memberCover.paidThrough} < ${today} then 1 end`,
        ),
        walkIns: count(sql`case when ${members.isActive} and ${members.isWalkIn} then 1 end`),
      })
      .from(members)
      .leftJoin(memberCover, eq(memberCover.memberId, members.id))
      .where(eq(members.businessId, businessId))
  )[0]!;

/** The plan fields a member's chosen plan is checked against. */
export const findPlanForMember = async (db: Executor, businessId: number, planId: number) =>
  (
    await db
      .select({ id: plans.id, isActive: plans.isActive })
      .from(plans)
      .where(ofBusiness(plans, businessId, planId))
      .limit(1)
  )[0];

/** Holds a phone of this business for the rest of the transaction (one walk-in per phone). */
export const lockPhone = (db: Executor, businessId: number, phone: string) =>
  db.execute(sql`select pg_advisory_xact_lock(${businessId}, hashtext(${`phone:${phone}`}))`);

/** The members of this business with this phone (E.164), first added first. */
export const membersWithPhone = (db: Executor, businessId: number, phone: string) =>
  db
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(and(eq(members.businessId, businessId), eq(members.mobileNumber, phone)))
    .orderBy(members.id)
    .limit(20);

/** The walk-in of this business with this phone (E.164), not erased, first added first. */
export const walkInWithPhone = async (db: Executor, businessId: number, phone: string) =>
  (
    await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.businessId, businessId),
          eq(members.mobileNumber, phone),
          eq(members.isWalkIn, true),
          isNull(members.erasedAt),
        ),
      )
      .orderBy(members.id)
      .limit(1)
  )[0];

/**
 * A walk-in of this business joins with these details: a member from now on (created_at is the
 * moment they joined), their account active.
 */
export const joinWalkIn = async (
  db: Executor,
  businessId: number,
  id: number,
  values: MemberChanges,
): Promise<void> => {
  await db
    .update(members)
    .set({
      ...values,
      isActive: true,
      isWalkIn: false,
      createdAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(ofBusiness(members, businessId, id), eq(members.isWalkIn, true)));
};
