import { addDays } from '@kora/shared';
import { and, asc, eq, inArray, isNull, notInArray, or, sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberBrief, planBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { holdDrawer } from '../../db/cash-ups';
import { members, payments, plans, refunds, subscriptions, users } from '../../db/schema';
import { findByKeyOfBusiness } from '../../db/tenant';

/*
 * The corrections of a payment: void, refund and confirmation. Nothing here deletes: a void
 * marks the payment and withdraws its subscriptions (`is_active` false), a refund is a row of its
 * own, and a confirmation stamps the payment. The roll-up triggers keep every figure exact.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A user's full name as the payment details show it. */
const fullName = (u: { firstName: Column; lastName: Column }) =>
  sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** Payment `id` of the business, its row locked until the transaction ends; none when not its. */
export const lockPayment = async (tx: Executor, businessId: number, id: number) =>
  (
    await tx
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.id, id)))
      .for('update')
  )[0];

/**
 * The subscriptions a payment bought: the payer's first, then one per member its group plan
 * covers (linked to the payer's), oldest first.
 */
export const subscriptionsOfPayment = async (
  db: Executor,
  businessId: number,
  paymentId: number,
): Promise<SubscriptionRow[]> => {
  const own = (
    await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.paymentId, paymentId)))
  )[0];
  if (!own) return [];
  const covered = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.businessId, businessId), eq(subscriptions.groupSubscriptionId, own.id)),
    )
    .orderBy(asc(subscriptions.id));
  return [own, ...covered];
};

/**
 * Locks the members' rows, in id order (as `record_payment` does), so no payment of theirs is
 * recorded meanwhile: a renewal decides where it starts from their subscriptions.
 */
export const lockMembers = async (tx: Executor, businessId: number, ids: readonly number[]) => {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.businessId, businessId), inArray(members.id, unique)))
    .orderBy(asc(members.id))
    .for('update');
};

/**
 * The receipt number of a renewal chained after one of `subs`: an active subscription of the
 * same member and plan, not one of them, starting the day after one of them ends (for a group
 * cover, the payer's payment's receipt). Undefined when none.
 */
export const chainedRenewal = async (
  db: Executor,
  businessId: number,
  subs: readonly Pick<SubscriptionRow, 'id' | 'memberId' | 'subscriptionTypeId' | 'expiryDate'>[],
): Promise<string | undefined> => {
  if (subs.length === 0) return undefined;
  const payer = alias(subscriptions, 'payer');
  const paid = alias(payments, 'paid');
  const payerPaid = alias(payments, 'payer_paid');
  const row = (
    await db
      .select({ receipt: sql<string>`coalesce(${paid.receiptNumber}, ${payerPaid.receiptNumber})` })
      .from(subscriptions)
      .leftJoin(paid, eq(paid.id, subscriptions.paymentId))
      .leftJoin(payer, eq(payer.id, subscriptions.groupSubscriptionId))
      .leftJoin(payerPaid, eq(payerPaid.id, payer.paymentId))
      .where(
        and(
          eq(subscriptions.businessId, businessId),
          eq(subscriptions.isActive, true),
          notInArray(
            subscriptions.id,
            subs.map((s) => s.id),
          ),
          or(
            ...subs.map((s) =>
              and(
                eq(subscriptions.memberId, s.memberId),
                eq(subscriptions.subscriptionTypeId, s.subscriptionTypeId),
                eq(subscriptions.startDate, addDays(s.expiryDate, 1)),
              ),
            ),
          ),
        ),
      )
      .orderBy(asc(subscriptions.startDate), asc(subscriptions.id))
      .limit(1)
  )[0];
  return row ? (row.receipt ?? '') : undefined;
};

/** Marks the payment voided, by `userId`, for `reason`. */
export const markVoided = (tx: Executor, paymentId: number, userId: number, reason: string) =>
  tx
    .update(payments)
    .set({ voidedAt: sql`now()`, voidedBy: userId, voidReason: reason })
    .where(and(eq(payments.id, paymentId), isNull(payments.voidedAt)));

/**
 * After a member's first subscription was withdrawn, their earliest active one becomes their
 * first (as if the withdrawn one had never been), unless they still have an active first one.
 */
const passFirstOn = async (tx: Executor, businessId: number, memberIds: number[]) => {
  if (memberIds.length === 0) return;
  const ids = sql.join(
    memberIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update subscriptions s set is_first = true
    where s.id in (
      select distinct on (x.member_id) x.id from subscriptions x
      where x.business_id = ${businessId} and x.member_id in (${ids}) and x.is_active
      order by x.member_id, x.id)
    and not exists (
      select 1 from subscriptions f
      where f.business_id = s.business_id and f.member_id = s.member_id and f.is_active and f.is_first)`);
};

/**
 * Withdraws subscriptions of the business: they stay, but no longer cover anyone nor count
 * anywhere; a member whose first subscription is among them gets their next one as first.
 */
export const withdrawSubscriptions = async (
  tx: Executor,
  businessId: number,
  subs: readonly { id: number; isFirst: boolean; memberId: number }[],
) => {
  if (subs.length === 0) return;
  await tx
    .update(subscriptions)
    .set({ isActive: false })
    .where(
      inArray(
        subscriptions.id,
        subs.map((s) => s.id),
      ),
    );
  await passFirstOn(
    tx,
    businessId,
    subs.filter((s) => s.isFirst).map((s) => s.memberId),
  );
};

/** The refund recorded with this Idempotency-Key in the business, if any. */
export const findRefundByKey = (db: Executor, businessId: number, key: string) =>
  findByKeyOfBusiness(db, refunds, businessId, key);

export type RefundToRecord = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt'> & {
  amountKobo: number;
};

/**
 * Records a refund and adds it to the payment's `refunded_kobo`, in the caller's transaction;
 * answers the new refund's id, or none when its Idempotency-Key was taken meanwhile.
 */
export const insertRefund = async (tx: Executor, refund: RefundToRecord) => {
  // Cash handed out of the recorder's drawer: after any cash-up of it being made (its clock).
  const fromDrawer = refund.method === 'Cash' && refund.recordedBy != null;
  if (fromDrawer) await holdDrawer(tx, refund.businessId, refund.recordedBy!, 'to change');
  const [row] = await tx
    .insert(refunds)
    .values({ ...refund, ...(fromDrawer ? { createdAt: sql`clock_timestamp()` } : {}) })
    .onConflictDoNothing({ target: [refunds.businessId, refunds.idempotencyKey] })
    .returning({ id: refunds.id });
  if (!row) return undefined;
  await tx
    .update(payments)
    .set({ refundedKobo: sql`${payments.refundedKobo} + ${refund.amountKobo}` })
    .where(eq(payments.id, refund.paymentId));
  return row.id;
};

/**
 * Moves the last day of subscriptions to `day` (those ending later only: a refund never makes a
 * subscription longer).
 */
export const endSubscriptionsOn = async (tx: Executor, ids: readonly number[], day: string) => {
  if (ids.length === 0) return;
  await tx
    .update(subscriptions)
    .set({ expiryDate: day })
    .where(and(inArray(subscriptions.id, [...ids]), sql`${subscriptions.expiryDate} > ${day}`));
};

/** Stamps a payment confirmed by `userId` (once: a confirmed one keeps its first stamp). */
export const markConfirmed = (tx: Executor, paymentId: number, userId: number) =>
  tx
    .update(payments)
    .set({ confirmedAt: sql`now()`, confirmedBy: userId })
    .where(and(eq(payments.id, paymentId), isNull(payments.confirmedAt)));

/**
 * Confirms every desk transfer of the business recorded on `day` (Lagos) and not confirmed nor
 * voided; answers how many, and their total in kobo.
 */
export const confirmDay = async (tx: Executor, businessId: number, day: string, userId: number) => {
  const rows = await tx
    .update(payments)
    .set({ confirmedAt: sql`now()`, confirmedBy: userId })
    .where(
      and(
        eq(payments.businessId, businessId),
        eq(payments.paidOn, day),
        isNull(payments.confirmedAt),
        isNull(payments.voidedAt),
      ),
    )
    .returning({ id: payments.id, amountKobo: payments.amountKobo });
  return { count: rows.length, kobo: rows.reduce((s, r) => s + r.amountKobo, 0) };
};

/** The subscriptions given, with their member and plan, in the order of `ids`. */
export const subscriptionsWithPeople = async (
  db: Executor,
  businessId: number,
  ids: readonly number[],
) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ subscription: subscriptions, member: memberBrief, plan: planBrief })
    .from(subscriptions)
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .innerJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
    .where(and(eq(subscriptions.businessId, businessId), inArray(subscriptions.id, [...ids])));
  return ids.flatMap((id) => rows.filter((r) => r.subscription.id === id));
};

/** A payment's refunds, oldest first, with who recorded each. */
export const refundsOf = (db: Executor, businessId: number, paymentId: number) => {
  const recorder = alias(users, 'refund_recorder');
  return db
    .select({ refund: refunds, recordedByName: fullName(recorder) })
    .from(refunds)
    .leftJoin(recorder, eq(recorder.id, refunds.recordedBy))
    .where(and(eq(refunds.businessId, businessId), eq(refunds.paymentId, paymentId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
};

/** The full names of these users, by id. */
export const userNames = async (db: Executor, ids: readonly (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string | null>();
  const rows = await db
    .select({ id: users.id, name: fullName(users) })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
};
