import {
  koboToNaira,
  type DurationType,
  type Payment,
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

/** A payment row with its member and plan, as the API answers it. */
export const toPayment = (
  row: {
    payment: PaymentRow;
    member: MemberBrief;
    plan: PlanBrief;
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
    subscription: SubscriptionRow;
  },
  coveredMembers: MemberBrief[] = [],
): RecordedPayment => ({
  ...toPayment(row, coveredMembers),
  subscription: toSubscription(row, { coveredMembers }),
});
