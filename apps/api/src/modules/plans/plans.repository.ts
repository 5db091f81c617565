import { and, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members, payments, plans, subscriptions } from '../../db/schema';
import {
  findOfBusiness,
  ofBusiness,
  updateOfBusiness,
  type BusinessQuery,
  type RecordQuery,
} from '../../db/tenant';

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Omit<
  typeof plans.$inferInsert,
  'id' | 'businessId' | 'createdAt' | 'updatedAt'
>;

export const findPlan: RecordQuery<PlanRow | undefined> = (db, businessId, id) =>
  findOfBusiness(db, plans, businessId, id);

/** A plan of this business, locked for the rest of the transaction (what an edit replaces). */
export const lockPlan: RecordQuery<PlanRow | undefined> = async (db, businessId, id) =>
  (
    await db
      .select()
      .from(plans)
      .where(ofBusiness(plans, businessId, id))
      .for('update')
  )[0];

export const listPlans: BusinessQuery<
  PlanRow[],
  [opts: { isActive?: boolean; limit: number }]
> = async (db, businessId, opts) =>
  db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.businessId, businessId),
        opts.isActive === undefined ? undefined : eq(plans.isActive, opts.isActive),
      ),
    )
    .orderBy(desc(plans.createdAt), desc(plans.id))
    .limit(opts.limit);

export const insertPlan: BusinessQuery<PlanRow, [values: PlanValues]> = async (
  db,
  businessId,
  values,
) =>
  (
    await db
      .insert(plans)
      .values({ ...values, businessId })
      .returning()
  )[0]!;

export const updatePlan: RecordQuery<PlanRow | undefined, [values: Partial<PlanValues>]> = async (
  db,
  businessId,
  id,
  values,
) => (await updateOfBusiness(db, plans, businessId, id, values))[0];

/**
 * Everything that records a plan's history: a member who chose it, and its subscriptions and
 * payments. A plan referenced here is never deleted.
 */
const historyOf = (db: Executor, businessId: number, planId: number): SQL[] => [
  exists(
    db
      .select({ one: sql`1` })
      .from(members)
      .where(and(eq(members.businessId, businessId), eq(members.subscriptionTypeId, planId))),
  ),
  exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.subscriptionTypeId, planId), eq(subscriptions.businessId, businessId)),
      ),
  ),
  exists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.subscriptionTypeId, planId), eq(payments.businessId, businessId))),
  ),
];

/** Whether anything records this plan's history; undefined when the business has no such plan. */
export const planHasHistory = async (
  db: Executor,
  businessId: number,
  planId: number,
): Promise<boolean | undefined> => {
  const checks = historyOf(db, businessId, planId);
  const row = (
    await db
      .select({ used: sql<boolean>`${sql.join(checks, sql` or `)}` })
      .from(plans)
      .where(ofBusiness(plans, businessId, planId))
  )[0];
  return row ? row.used === true : undefined;
};

/** Answers whether a plan of this business was deleted. */
export const deletePlan = async (db: Executor, businessId: number, id: number): Promise<boolean> =>
  (
    await db
      .delete(plans)
      .where(ofBusiness(plans, businessId, id))
      .returning({ id: plans.id })
  ).length === 1;
