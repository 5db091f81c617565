import {
  PAYMENT_MESSAGES,
  STAFF_VOID_MINUTES,
  renewalChainedMessage,
  type PaymentDetails,
  type Role,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { lastCountedReceipt } from '../../db/cash-ups';
import type { Executor } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit, type Actor } from '../audit';
import * as repo from './payments.corrections.repository';
import { toPaymentDetails } from './payments.details';
import { findPaymentRow } from './payments.repository';

/*
 * Correcting a payment without ever deleting it: a void (recorded by mistake: it stays, marked,
 * leaves every figure, and its subscriptions are withdrawn), a refund (money given back, on the
 * day it is given), and the confirmation of a desk transfer against the bank statement. Each
 * writes its audit entry in its own transaction; a refusal writes nothing. This file holds who
 * may void what, the details page and the void; payments.refund.ts and payments.confirm.ts the
 * others.
 */

/** The signed-in team user correcting a payment. */
export interface Corrector {
  businessId: number;
  userId: number;
  role: Role;
  /** For the audit trail; the user themself by default. */
  actor?: Actor;
}

export const actorOfCorrector = (who: Corrector): Actor =>
  who.actor ?? { kind: 'user', userId: who.userId, role: who.role };

export const paymentNotFound = () => notFound(PAYMENT_MESSAGES.notFound, 'PAYMENT_NOT_FOUND');

const REFUNDED_NO_VOID =
  'This payment has refunds recorded, so it cannot be voided: record a refund for the rest instead.';
export const VOIDED_NO_CONFIRM = 'A voided payment cannot be confirmed.';
export const FULLY_REFUNDED = 'This payment has been refunded in full already.';
export const NOT_STARTED_SHORTEN = 'The last day cannot be before the subscription starts';
export const AFTER_END_SHORTEN = "The last day cannot be after the subscription's current last day";

/** The most a refund of this payment may be: what was paid less earlier refunds. */
export const refundLeftOf = (p: repo.PaymentRow) => p.amountKobo - p.refundedKobo;

/**
 * Made through Paystack: recorded without a desk user, or by a team user assigning a payment
 * Paystack received (its key is the Paystack reference).
 */
const isPaystack = (p: repo.PaymentRow) =>
  p.recordedBy === null || (p.idempotencyKey?.startsWith('paystack:') ?? false);

/**
 * Why `who` may not void payment `p` at `now` (the error to answer), or null when they may
 * (a renewal chained after it is checked apart). Owners and admins may void any desk payment;
 * staff only their own Cash payment, within 30 minutes of recording it, and not once a cash-up
 * of theirs has counted it.
 */
const voidRefusal = async (
  db: Executor,
  who: Corrector,
  p: repo.PaymentRow,
  now: Date,
): Promise<AppError | null> => {
  if (isPaystack(p)) return conflict(PAYMENT_MESSAGES.paystackVoid, 'PAYSTACK_PAYMENT');
  if (who.role === 'staff') {
    if (p.recordedBy !== who.userId || p.method !== 'Cash')
      return forbidden(PAYMENT_MESSAGES.staffVoidOwnCash, 'VOID_NOT_ALLOWED');
    if (p.receiptSeq <= (await lastCountedReceipt(db, who.businessId, who.userId)))
      return forbidden(PAYMENT_MESSAGES.cashedUp, 'COUNTED_IN_CASH_UP');
    if (now.getTime() - p.createdAt.getTime() > STAFF_VOID_MINUTES * 60_000)
      return forbidden(PAYMENT_MESSAGES.staffVoidOwnCash, 'VOID_NOT_ALLOWED');
  }
  if (p.refundedKobo > 0) return conflict(REFUNDED_NO_VOID, 'PAYMENT_REFUNDED');
  return null;
};

/** The refusal when a renewal is chained after one of `subs` (it would be left hanging). */
export const chainRefusal = async (
  db: Executor,
  businessId: number,
  subs: repo.SubscriptionRow[],
) => {
  const receipt = await repo.chainedRenewal(db, businessId, subs);
  return receipt === undefined ? null : conflict(renewalChainedMessage(receipt), 'RENEWAL_CHAINED');
};

/** Payment `id` of the business with everything its details page shows, for `who`. */
export const paymentDetails = async (
  ctx: AppContext,
  who: Corrector,
  id: number,
  now: Date = new Date(),
  db: Executor = ctx.db,
): Promise<PaymentDetails> => {
  const row = await findPaymentRow(db, who.businessId, id);
  if (!row) throw paymentNotFound();
  const subs = await repo.subscriptionsOfPayment(db, who.businessId, id);
  const [withPeople, refunds, names] = await Promise.all([
    repo.subscriptionsWithPeople(
      db,
      who.businessId,
      subs.map((s) => s.id),
    ),
    repo.refundsOf(db, who.businessId, id),
    repo.userNames(db, [row.payment.voidedBy, row.payment.confirmedBy]),
  ]);
  let blocked: AppError | null = null;
  if (row.payment.voidedAt === null) {
    blocked = await voidRefusal(db, who, row.payment, now);
    blocked ??= await chainRefusal(db, who.businessId, subs);
  }
  return toPaymentDetails({
    row,
    subscriptions: withPeople,
    refunds,
    names,
    blocked: blocked?.message ?? null,
    receiptUrl: `${ctx.config.appUrl}/r/${row.payment.receiptToken}`,
  });
};

/**
 * One `subscription.withdraw` or `subscription.change` entry per member a group plan covered
 * (the payer's own is told by the payment's entry), so each member's history shows it.
 */
export const auditCovered = async (
  tx: Executor,
  who: Corrector,
  p: repo.PaymentRow,
  covered: repo.SubscriptionRow[],
  what: { action: 'subscription.withdraw' | 'subscription.change'; reason: string; to?: string },
) => {
  if (covered.length === 0) return;
  const rows = await repo.subscriptionsWithPeople(
    tx,
    who.businessId,
    covered.map((s) => s.id),
  );
  for (const { subscription: s, member, plan } of rows)
    await recordAudit(tx, actorOfCorrector(who), {
      businessId: who.businessId,
      action: what.action,
      recordKind: 'subscription',
      recordId: s.id,
      recordLabel: `${plan.name} of ${member.firstName} ${member.lastName}`.trim(),
      memberId: member.id,
      paymentId: p.id,
      changes:
        what.action === 'subscription.withdraw'
          ? { active: { from: true, to: false } }
          : { last_day: { from: s.expiryDate, to: what.to } },
      detail: { reason: what.reason, receipt_number: p.receiptNumber },
    });
};

/** The member and the payment's words for the audit entry's detail. */
export const auditDetail = (p: repo.PaymentRow, memberName: string) => ({
  member_name: memberName,
  amount_kobo: p.amountKobo,
  method: p.method,
});

export const memberNameOf = async (db: Executor, businessId: number, paymentId: number) => {
  const row = await findPaymentRow(db, businessId, paymentId);
  return row ? `${row.member.firstName} ${row.member.lastName}`.trim() : '';
};

/**
 * Voids payment `id` (recorded by mistake) for `reason`: it stays, marked, leaves every total,
 * and the subscriptions it bought (the payer's and those of the members a group plan covered)
 * are withdrawn. A member whose first subscription it was is new again when they next pay (or
 * their next active subscription becomes their first). Refused when a renewal is chained after
 * it (void that one first). A voided payment is answered as it is and nothing is written.
 */
export const voidPayment = async (
  ctx: AppContext,
  who: Corrector,
  id: number,
  input: { reason: string },
  opts: { now?: Date } = {},
): Promise<PaymentDetails> => {
  const now = opts.now ?? new Date();
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPayment(tx, who.businessId, id);
    if (!p) throw paymentNotFound();
    if (p.voidedAt !== null) return;
    const subs = await repo.subscriptionsOfPayment(tx, who.businessId, id);
    await repo.lockMembers(
      tx,
      who.businessId,
      subs.map((s) => s.memberId),
    );
    const refused =
      (await voidRefusal(tx, who, p, now)) ?? (await chainRefusal(tx, who.businessId, subs));
    if (refused) throw refused;
    await repo.markVoided(tx, p.id, who.userId, input.reason);
    const active = subs.filter((s) => s.isActive);
    await auditCovered(tx, who, p, active.slice(subs[0]?.isActive ? 1 : 0), {
      action: 'subscription.withdraw',
      reason: input.reason,
    });
    await repo.withdrawSubscriptions(tx, who.businessId, active);
    await recordAudit(tx, actorOfCorrector(who), {
      businessId: who.businessId,
      action: 'payment.void',
      recordKind: 'payment',
      recordId: p.id,
      recordLabel: p.receiptNumber,
      memberId: p.memberId,
      paymentId: p.id,
      detail: {
        ...auditDetail(p, await memberNameOf(tx, who.businessId, p.id)),
        reason: input.reason,
        withdrawn_subscription_ids: active.map((s) => s.id),
      },
    });
  });
  return paymentDetails(ctx, who, id, now);
};
