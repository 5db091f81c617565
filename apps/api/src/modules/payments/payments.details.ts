import type { PaymentDetails, PaymentMethod, RefundSubscriptionAction } from '@kora/shared';
import { koboToNaira } from '@kora/shared';
import { toSubscription, type MemberBrief, type SubscriptionRow } from '../subscriptions';
import { toPayment, type PlanBrief } from './payments.mapper';
import type { PaymentRow } from './payments.repository';
import type { RefundRow } from './payments.corrections.repository';

/** What the details page is built from, read by payments.corrections.ts. */
export interface DetailsSource {
  row: { payment: PaymentRow; member: MemberBrief; plan: PlanBrief; recordedByName: string | null };
  /** The payer's subscription first, then those of the members a group plan covers. */
  subscriptions: {
    subscription: SubscriptionRow;
    member: MemberBrief;
    plan: { id: number; name: string; isGrouped: boolean };
  }[];
  refunds: { refund: RefundRow; recordedByName: string | null }[];
  /** Full names of the users who voided and confirmed it. */
  names: Map<number, string | null>;
  /** Why the signed-in user may not void it; null when they may or it is voided already. */
  blocked: string | null;
  receiptUrl: string;
}

/** GET /v1/payment/:id's answer (and the void, refund and confirmation's). */
export const toPaymentDetails = (s: DetailsSource): PaymentDetails => {
  const p = s.row.payment;
  const [payer, ...covered] = s.subscriptions;
  const coveredMembers = covered.map((c) => c.member);
  const nameOf = (id: number | null) => (id === null ? null : (s.names.get(id) ?? null));
  return {
    ...toPayment(s.row, coveredMembers),
    subscriptions: [
      ...(payer ? [toSubscription(payer, { coveredMembers })] : []),
      ...covered.map((c) =>
        toSubscription(c, {
          coveredBy: payer ? { subscriptionId: payer.subscription.id, member: payer.member } : null,
        }),
      ),
    ],
    refunds: s.refunds.map(({ refund: r, recordedByName }) => ({
      id: r.id,
      amount: koboToNaira(r.amountKobo),
      method: r.method as PaymentMethod,
      reason: r.reason,
      subscription_action: r.subscriptionAction as RefundSubscriptionAction,
      new_expiry_date: r.newExpiryDate,
      created_at: r.createdAt.toISOString(),
      refunded_on: r.refundedOn,
      recorded_by_name: recordedByName,
    })),
    voided_by_name: nameOf(p.voidedBy),
    confirmed_at: p.confirmedAt?.toISOString() ?? null,
    confirmed_by_name: nameOf(p.confirmedBy),
    can_void: p.voidedAt === null && s.blocked === null,
    void_blocked_reason: p.voidedAt === null ? s.blocked : null,
    receipt_url: s.receiptUrl,
  };
};
