import {
  koboToNaira,
  type DurationType,
  type PaidOnSource,
  type Payment,
  type PaymentKind,
  type PaymentMethod,
  type RecordedPayment,
} from '@kora/shared';
import {
  toPaymentMember,
  toSubscription,
  type MemberBrief,
  type SubscriptionRow,
} from '../subscriptions';
import type { PaymentRow } from './payments.repository';

export interface PlanBrief {
  id: number;
  name: string;
  isGrouped: boolean;
  durationType: string;
}

/**
 * A payment row with its member, plan and recorder, as the API answers it. A transfer recorded
 * at the desk needs confirming until an owner or admin ticks it (a voided one no longer does).
 */
export const toPayment = (
  row: {
    payment: PaymentRow;
    member: MemberBrief;
    plan: PlanBrief;
    /** The team user who recorded it; null for a payment made online. */
    recordedByName: string | null;
  },
  coveredMembers: MemberBrief[] = [],
): Payment => {
  const p = row.payment;
  return {
    id: p.id,
    amount: koboToNaira(p.amountKobo),
    created_at: p.createdAt.toISOString(),
    paid_on: p.paidOn,
    duration: p.duration,
    kind: p.kind as PaymentKind,
    method: p.method as PaymentMethod,
    purpose: p.purpose,
    member_id: p.memberId,
    subscription_type_id: p.subscriptionTypeId,
    member: toPaymentMember(row.member),
    subscription_type: {
      id: row.plan.id,
      name: row.plan.name,
      is_grouped: row.plan.isGrouped ? 1 : 0,
      duration_type: row.plan.durationType as DurationType,
    },
    covered_members: coveredMembers.map(toPaymentMember),
    receipt_number: p.receiptNumber,
    voided: p.voidedAt !== null,
    voided_at: p.voidedAt?.toISOString() ?? null,
    void_reason: p.voidReason,
    refunded: koboToNaira(p.refundedKobo),
    confirmed: p.confirmedAt !== null,
    needs_confirmation: p.confirmedAt === null && p.voidedAt === null,
    recorded_by_name: row.recordedByName,
    discount:
      p.discountReason === null
        ? null
        : {
            amount: koboToNaira(p.discountKobo),
            percent: p.discountBp === null ? null : p.discountBp / 100,
            reason: p.discountReason,
          },
    paid_on_source: p.paidOnSource as PaidOnSource,
  };
};

/**
 * POST /v1/payment's answer: the payment and the subscription it bought, with the other members
 * a group plan covers.
 */
export const toRecordedPayment = (
  row: {
    payment: PaymentRow;
    member: MemberBrief;
    plan: PlanBrief;
    recordedByName: string | null;
    subscription: SubscriptionRow;
  },
  coveredMembers: MemberBrief[] = [],
): RecordedPayment => ({
  ...toPayment(row, coveredMembers),
  recorded_at: row.payment.recordedAt.toISOString(),
  subscription: toSubscription(row, { coveredMembers }),
});
