import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, members, subscriptionTypes } from '../../db/schema';

export type MemberInsert = Omit<
  typeof members.$inferInsert,
  'id' | 'businessId' | 'memberNumber' | 'memberId' | 'createdAt' | 'updatedAt'
>;
export type MemberChanges = Partial<MemberInsert> & { pictureUrl?: string | null };

/**
 * THE place a member's current plan and subscription status come from. Until subscriptions
 * exist it is the plan chosen at creation and status 0 (No Subscription); the subscriptions
 * issue replaces these columns with the member's latest subscription.
 */
const subscriptionColumns = {
  planId: subscriptionTypes.id,
  planName: subscriptionTypes.name,
  planAmountKobo: subscriptionTypes.amountKobo,
  planDuration: subscriptionTypes.duration,
  planDurationType: subscriptionTypes.durationType,
  subscriptionStatus: sql<number>`0`.mapWith(Number),
};

const selectMembers = (db: Executor) =>
  db
    .select({ member: members, ...subscriptionColumns })
    .from(members)
    .leftJoin(
      subscriptionTypes,
      and(
        eq(subscriptionTypes.id, members.subscriptionTypeId),
        eq(subscriptionTypes.businessId, members.businessId),
      ),
    );

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export const findMember = async (db: Executor, businessId: number, id: number) =>
  (
    await selectMembers(db)
      .where(and(eq(members.businessId, businessId), eq(members.id, id)))
      .limit(1)
  )[0];

/** `%` and `_` in what a person typed are literal characters, not wildcards. */
const likeTerm = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const searchCondition = (term: string, phoneDigits: string | null): SQL => {
  const byText = ilike(members.searchText, likeTerm(term));
  return phoneDigits ? or(byText, ilike(members.searchText, likeTerm(phoneDigits)))! : byText;
};

export const listMembers = async (
  db: Executor,
  businessId: number,
  opts: { limit: number; offset: number; search?: string; phoneDigits?: string | null },
) => {
  const where = and(
    eq(members.businessId, businessId),
    opts.search ? searchCondition(opts.search, opts.phoneDigits ?? null) : undefined,
  );
  const [rows, totals] = await Promise.all([
    selectMembers(db)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
};

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
  number: { memberNumber: number; memberId: string },
  values: MemberInsert,
): Promise<number> =>
  (
    await db
      .insert(members)
      .values({ ...values, ...number, businessId })
      .returning({ id: members.id })
  )[0]!.id;

/** Answers whether a member of this business was updated. */
export const updateMember = async (
  db: Executor,
  businessId: number,
  id: number,
  values: MemberChanges,
): Promise<boolean> =>
  (
    await db
      .update(members)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(members.businessId, businessId), eq(members.id, id)))
      .returning({ id: members.id })
  ).length === 1;

export const memberSummary = async (db: Executor, businessId: number, monthStart: Date) =>
  (
    await db
      .select({
        total: count(),
        active: count(sql`case when ${members.isActive} then 1 end`),
        newThisMonth: count(sql`case when ${members.createdAt} >= ${monthStart} then 1 end`),
        churned: count(sql`case when not ${members.isActive} then 1 end`),
      })
      .from(members)
      .where(eq(members.businessId, businessId))
  )[0]!;

/** The plan fields a member's chosen plan is checked against. */
export const findPlanForMember = async (db: Executor, businessId: number, planId: number) =>
  (
    await db
      .select({ id: subscriptionTypes.id, isActive: subscriptionTypes.isActive })
      .from(subscriptionTypes)
      .where(and(eq(subscriptionTypes.businessId, businessId), eq(subscriptionTypes.id, planId)))
      .limit(1)
  )[0];
