import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberContact } from '../../db/briefs';
import type { Executor } from '../../db/client';
import {
  businesses,
  freezes,
  members,
  payments,
  plans,
  refunds,
  subscriptions,
  users,
} from '../../db/schema';
import { businessRow, inBusiness, ofBusiness } from '../../db/tenant';

/** The team user who recorded a payment (users joined under another name). */
const recorder = alias(users, 'recorder');

const receiptColumns = {
  id: payments.id,
  businessId: payments.businessId,
  receiptNumber: payments.receiptNumber,
  receiptToken: payments.receiptToken,
  createdAt: payments.createdAt,
  paidOn: payments.paidOn,
  amountKobo: payments.amountKobo,
  duration: payments.duration,
  method: payments.method,
  purpose: payments.purpose,
  voidedAt: payments.voidedAt,
  refundedKobo: payments.refundedKobo,
  discountKobo: payments.discountKobo,
  discountBp: payments.discountBp,
  discountReason: payments.discountReason,
  paidOnSource: payments.paidOnSource,
  recordedByName: sql<
    string | null
  >`nullif(trim(${recorder.firstName} || ' ' || ${recorder.lastName}), '')`,
  business: {
    name: businesses.name,
    code: businesses.code,
    address: businesses.address,
    city: businesses.city,
    state: businesses.state,
    phone: businesses.businessPhone,
    email: businesses.businessEmail,
    websiteUrl: businesses.websiteUrl,
    logoUrl: businesses.logoUrl,
  },
  member: memberContact,
  planName: plans.name,
  kind: payments.kind,
  /** The subscription it bought; null for a freeze fee (which bought none). */
  subscriptionId: subscriptions.id,
  /** The subscription's days, or a freeze fee's frozen days. */
  startDate: sql<string>`coalesce(${subscriptions.startDate}, ${freezes.startDate})`,
  expiryDate: sql<string>`coalesce(${subscriptions.expiryDate}, ${freezes.endDate})`,
  freezeDays: freezes.days,
};

/** Everything a receipt shows, read in one statement: the payment, member, plan, gym, recorder. */
const receiptWhere = async (db: Executor, where: SQL) =>
  (
    await db
      .select(receiptColumns)
      .from(payments)
      .innerJoin(businesses, eq(businesses.id, payments.businessId))
      .innerJoin(members, eq(members.id, payments.memberId))
      .innerJoin(plans, eq(plans.id, payments.subscriptionTypeId))
      // A plan's payment has the subscription it bought; a freeze fee the freeze it paid for.
      .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
      .leftJoin(
        freezes,
        and(eq(freezes.feePaymentId, payments.id), eq(freezes.businessId, payments.businessId)),
      )
      .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
      .where(where)
      .limit(1)
  )[0];

export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof receiptWhere>>>;

/** Payment `paymentId`'s receipt, only if it is `businessId`'s. */
export const receiptOf = (db: Executor, businessId: number, paymentId: number) =>
  receiptWhere(db, ofBusiness(payments, businessId, paymentId)!);

/** The receipt whose public token is `token` (whichever business's it is). */
export const receiptByToken = (db: Executor, token: string) =>
  receiptWhere(db, eq(payments.receiptToken, token));

/** The other members a group payment covers (its subscription's cover rows), by name. */
export const coveredMembers = (db: Executor, businessId: number, subscriptionId: number) =>
  db
    .select({
      firstName: members.firstName,
      lastName: members.lastName,
      memberCode: members.memberCode,
    })
    .from(subscriptions)
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .where(
      inBusiness(subscriptions, businessId, eq(subscriptions.groupSubscriptionId, subscriptionId)),
    )
    .orderBy(asc(members.firstName), asc(members.lastName), asc(members.id));

/** A payment's refunds, oldest first: amount, Lagos day, method. */
export const refundsOf = (db: Executor, businessId: number, paymentId: number) =>
  db
    .select({
      amountKobo: refunds.amountKobo,
      refundedOn: refunds.refundedOn,
      method: refunds.method,
    })
    .from(refunds)
    .where(inBusiness(refunds, businessId, eq(refunds.paymentId, paymentId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));

/** Whether the business sends receipts automatically after each desk payment. */
export const autoSendOf = async (db: Executor, businessId: number): Promise<boolean> =>
  (await businessRow(db, businessId, { on: businesses.autoSendReceipts }))?.on ?? false;

/** Sets the setting; answers what it was before (undefined: no such business). */
export const setAutoSend = async (
  db: Executor,
  businessId: number,
  on: boolean,
): Promise<boolean | undefined> => {
  const before = await businessRow(db, businessId, { on: businesses.autoSendReceipts }, true);
  if (!before) return undefined;
  if (before.on !== on)
    await db
      .update(businesses)
      .set({ autoSendReceipts: on, updatedAt: new Date() })
      .where(eq(businesses.id, businessId));
  return before.on;
};
