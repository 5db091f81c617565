import {
  formatNaira,
  koboToNaira,
  lagosDay,
  monthStart,
  nairaToKobo,
  yearStart,
  type DurationType,
  type PageMeta,
  type Payment,
  type PaymentListQuery,
  type PaymentSummary,
  type RecordPaymentData,
  type RecordedPayment,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { badRequest, isUniqueViolation } from '../../lib/errors';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { memberNotFound } from '../members/members.service';
import { planInactive, planNotFound } from '../plans/plans.service';
import { startSubscription } from '../subscriptions/subscriptions.service';
import { toPayment, toRecordedPayment } from './payments.mapper';
import * as repo from './payments.repository';

export const MEMBER_INACTIVE =
  'This member is deactivated. Reactivate them before recording a payment.';
export const amountMismatch = (expectedKobo: number) =>
  `Amount does not match the plan price × duration (${formatNaira(koboToNaira(expectedKobo))}).`;

/** Who records the payment: the signed-in team user of the business. */
export interface Recorder {
  businessId: number;
  userId: number;
}

/** Thrown inside the transaction when the idempotency key was used meanwhile: roll back. */
class KeyAlreadyUsed extends Error {}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockMemberWithPlan>>>;

/**
 * The member and plan may take this payment (404 / 400 with the texts the screens show);
 * answers them with the kobo the server charges: plan amount × duration, which the client's
 * amount must equal exactly.
 */
const checkPayment = (row: Locked | undefined, input: RecordPaymentData) => {
  if (!row) throw memberNotFound();
  const { member, plan } = row;
  if (!plan) throw planNotFound();
  if (!plan.isActive) throw planInactive();
  if (!member.isActive)
    throw badRequest(MEMBER_INACTIVE, 'MEMBER_INACTIVE', { member_id: MEMBER_INACTIVE });
  const amountKobo = plan.amountKobo * input.duration;
  if (nairaToKobo(input.amount) !== amountKobo) {
    const message = amountMismatch(amountKobo);
    throw badRequest(message, 'AMOUNT_MISMATCH', { amount: message });
  }
  return { member, plan: { ...plan, durationType: plan.durationType as DurationType }, amountKobo };
};

/**
 * Records a payment and creates the subscription it bought, in one transaction: a payment never
 * exists without its subscription, nor a subscription without its payment. The server computes
 * the amount (plan amount × duration) and refuses a client amount that differs. A repeated
 * `idempotencyKey` answers the first payment and writes nothing, also when both requests arrive
 * at once. `today` (Lagos day) is a parameter so tests can pin the calendar.
 */
export const recordPayment = async (
  ctx: AppContext,
  who: Recorder,
  input: RecordPaymentData,
  opts: { idempotencyKey?: string; today?: string } = {},
): Promise<RecordedPayment> => {
  const { businessId } = who;
  const key = opts.idempotencyKey ?? null;
  const today = opts.today ?? lagosDay();
  try {
    const recorded = await ctx.db.transaction(async (tx) => {
      // Concurrent payments for this member wait here, one after the other.
      const row = await repo.lockMemberWithPlan(
        tx,
        businessId,
        input.member_id,
        input.subscription_type_id,
        key,
      );
      // A retry of a recorded payment: answered below, once the lock is released.
      if (row && row.earlierPaymentId != null) return undefined;
      const { member, plan, amountKobo } = checkPayment(row, input);
      const inserted = await repo.insertPayment(
        tx,
        {
          businessId,
          memberId: member.id,
          subscriptionTypeId: plan.id,
          amountKobo,
          duration: input.duration,
          method: input.method,
          purpose: input.purpose,
          idempotencyKey: key,
          recordedBy: who.userId,
          paidOn: today,
        },
        today,
      );
      // ON CONFLICT DO NOTHING: the same key committed while this request waited.
      if (!inserted) throw new KeyAlreadyUsed();
      const subscription = await startSubscription(tx, {
        businessId,
        memberId: member.id,
        plan,
        duration: input.duration,
        amountKobo,
        paymentId: inserted.payment.id,
        runningUntil: inserted.runningUntil,
        today,
      });
      return toRecordedPayment({ payment: inserted.payment, member, plan, subscription });
    });
    if (recorded) return recorded;
  } catch (err) {
    if (!key || !(err instanceof KeyAlreadyUsed || isUniqueViolation(err))) throw err;
  }
  // The key's first payment, recorded by an earlier or a simultaneous request.
  const first = await repo.findPaymentByKey(ctx.db, businessId, key!);
  if (!first) throw new Error(`no payment recorded with idempotency key ${key}`);
  return toRecordedPayment(first);
};

export const listPayments = async (
  ctx: AppContext,
  businessId: number,
  query: PaymentListQuery,
): Promise<{ data: Payment[]; meta: PageMeta }> => {
  const page = await repo.listPayments(
    ctx.db,
    businessId,
    {
      memberId: query.member_id,
      planId: query.subscription_type_id,
      method: query.method,
      from: query.start_date,
      to: query.end_date,
    },
    pageWindow(query),
  );
  return pageAnswer(query, page, toPayment);
};

/** Over all the business's payments: count, today, this month, year to date and average. */
export const paymentSummary = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
): Promise<PaymentSummary> => {
  const s = await repo.paymentSummary(ctx.db, businessId, {
    today,
    monthStart: monthStart(today),
    yearStart: yearStart(today),
  });
  return {
    count: s.count,
    today: koboToNaira(s.today),
    this_month: koboToNaira(s.thisMonth),
    year_to_date: koboToNaira(s.yearToDate),
    average: s.count === 0 ? 0 : koboToNaira(Math.round(s.total / s.count)),
  };
};
