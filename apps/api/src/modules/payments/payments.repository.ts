import { and, count, desc, eq, gte, lte, max, sql, type SQL } from 'drizzle-orm';
import { memberBrief, planBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { given, ofMemberAndPlan, type MemberPlanFilters } from '../../db/filters';
import { members, payments, plans, subscriptions } from '../../db/schema';
import { readPage } from '../../lib/paging';
import {
  ALL_DAYS,
  asNumber,
  countPaymentDays,
  paymentDaysOf,
  readClosedThrough,
  rowsOf,
} from '../dashboard/payment-days';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>;

/**
 * The member row, locked until the transaction ends (concurrent payments for one member
 * queue here, so renewal chains never overlap), with the chosen plan of the same business and
 * the id of the payment already recorded with this idempotency key, if any.
 * Undefined when the business has no such member; `plan` null when it has no such plan.
 */
export const lockMemberWithPlan = async (
  tx: Executor,
  businessId: number,
  memberId: number,
  planId: number,
  idempotencyKey: string | null,
) =>
  (
    await tx
      .select({
        member: { ...memberBrief, isActive: members.isActive },
        plan: {
          ...planBrief,
          durationType: plans.durationType,
          amountKobo: plans.amountKobo,
          duration: plans.duration,
          isActive: plans.isActive,
        },
        earlierPaymentId: idempotencyKey
          ? sql<
              number | null
            >`(select ${payments.id} from ${payments} where ${payments.businessId} = ${businessId} and ${payments.idempotencyKey} = ${idempotencyKey})`
          : sql<null>`null`,
      })
      .from(members)
      .leftJoin(plans, and(eq(plans.businessId, members.businessId), eq(plans.id, planId)))
      .where(and(eq(members.businessId, businessId), eq(members.id, memberId)))
      .for('update', { of: members })
  )[0];

/**
 * Inserts a payment and reads, in the same statement, the last day of the member's running
 * subscription of that plan (active, ending today or later) for the renewal to start after.
 * Run after the member row is locked: the statement's snapshot then holds every renewal
 * committed before. Undefined when the idempotency key was already used in this business.
 */
export const insertPayment = async (
  tx: Executor,
  values: PaymentInsert,
  today: string,
): Promise<{ payment: PaymentRow; runningUntil: string | null } | undefined> => {
  const inserted = tx.$with('inserted').as(
    tx
      .insert(payments)
      .values(values)
      .onConflictDoNothing({ target: [payments.businessId, payments.idempotencyKey] })
      .returning(),
  );
  const running = tx
    .select({ expiry: max(subscriptions.expiryDate) })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.businessId, values.businessId),
        eq(subscriptions.memberId, values.memberId),
        eq(subscriptions.subscriptionTypeId, values.subscriptionTypeId),
        gte(subscriptions.expiryDate, today),
        eq(subscriptions.isActive, true),
      ),
    );
  const row = (
    await tx
      .with(inserted)
      .select({
        payment: {
          id: inserted.id,
          businessId: inserted.businessId,
          memberId: inserted.memberId,
          subscriptionTypeId: inserted.subscriptionTypeId,
          amountKobo: inserted.amountKobo,
          duration: inserted.duration,
          method: inserted.method,
          purpose: inserted.purpose,
          idempotencyKey: inserted.idempotencyKey,
          recordedBy: inserted.recordedBy,
          createdAt: inserted.createdAt,
          paidOn: inserted.paidOn,
        },
        runningUntil: sql<string | null>`to_char((${running}), 'YYYY-MM-DD')`,
      })
      .from(inserted)
  )[0];
  return row && { payment: row.payment, runningUntil: row.runningUntil };
};

/** A payment with its member, plan (and the subscription it bought), as the API answers it. */
const selectPayments = <S extends object>(db: Executor, extra: S) =>
  db
    .select({
      payment: payments,
      member: memberBrief,
      // The unit bought, even if the plan was edited since.
      plan: { ...planBrief, durationType: subscriptions.durationType },
      ...extra,
    })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(plans, eq(plans.id, payments.subscriptionTypeId))
    .innerJoin(subscriptions, eq(subscriptions.paymentId, payments.id));

const selectRecorded = (db: Executor) => selectPayments(db, { subscription: subscriptions });

export type RecordedRow = NonNullable<Awaited<ReturnType<typeof findPaymentByKey>>>;

export const findPaymentByKey = async (db: Executor, businessId: number, key: string) =>
  (
    await selectRecorded(db)
      .where(and(eq(payments.businessId, businessId), eq(payments.idempotencyKey, key)))
      .limit(1)
  )[0];

export interface PaymentFilters extends MemberPlanFilters {
  method?: string;
  from?: string;
  to?: string;
}

const filterCondition = (businessId: number, f: PaymentFilters): SQL =>
  and(
    ...ofMemberAndPlan(payments, businessId, f),
    given(f.method, (method) => eq(payments.method, method)),
    given(f.from, (day) => gte(payments.paidOn, day)),
    given(f.to, (day) => lte(payments.paidOn, day)),
  )!;

export const listPayments = async (
  db: Executor,
  businessId: number,
  filters: PaymentFilters,
  page: { limit: number; offset: number },
) => {
  const where = filterCondition(businessId, filters);
  return readPage(
    selectPayments(db, {})
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    countPayments(db, businessId, filters, where),
  );
};

/**
 * How many payments match: one member's are counted directly (a few rows of its index); any
 * other filter (plan, method, days) is answered by the daily roll-up, which does not grow with
 * the payments.
 */
const countPayments = async (
  db: Executor,
  businessId: number,
  filters: PaymentFilters,
  where: SQL,
): Promise<{ total: number }[]> => {
  if (filters.memberId) return db.select({ total: count() }).from(payments).where(where);
  const total = await countPaymentDays(
    db,
    businessId,
    { from: filters.from ?? ALL_DAYS.from, to: filters.to ?? ALL_DAYS.to },
    { planId: filters.planId, method: filters.method },
  );
  return [{ total }];
};

/**
 * Count and kobo sums over all the business's payments, by the Lagos day they were recorded:
 * closed days from the daily roll-up, today live.
 */
export const paymentSummary = async (
  db: Executor,
  businessId: number,
  days: { today: string; monthStart: string; yearStart: string },
) => {
  const closed = await readClosedThrough(db);
  const row = rowsOf<Record<'count' | 'total' | 'today' | 'month' | 'year', unknown>>(
    await db.execute(sql`
      select coalesce(sum(payments), 0)::bigint as count, coalesce(sum(kobo), 0)::bigint as total,
        coalesce(sum(kobo) filter (where day = ${days.today}), 0)::bigint as today,
        coalesce(sum(kobo) filter (where day between ${days.monthStart} and ${days.today}), 0)::bigint as month,
        coalesce(sum(kobo) filter (where day between ${days.yearStart} and ${days.today}), 0)::bigint as year
      from ${paymentDaysOf(businessId, ALL_DAYS, closed)} d`),
  )[0];
  return {
    count: asNumber(row?.count),
    total: asNumber(row?.total),
    today: asNumber(row?.today),
    thisMonth: asNumber(row?.month),
    yearToDate: asNumber(row?.year),
  };
};
