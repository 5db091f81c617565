import {
  koboToNaira,
  type DurationType,
  type PaymentMember,
  type Subscription,
} from '@kora/shared';
import type { SubscriptionRow } from './subscriptions.repository';

export interface MemberBrief {
  id: number;
  pictureUrl: string | null;
  firstName: string;
  lastName: string;
  /** null when the member has no e-mail. */
  emailAddress: string | null;
}

export const toPaymentMember = (m: MemberBrief): PaymentMember => ({
  id: m.id,
  picture_url: m.pictureUrl,
  first_name: m.firstName,
  last_name: m.lastName,
  email_address: m.emailAddress,
});

/** Who a group plan's subscription concerns besides its own member. */
export interface GroupPeople {
  /** A covered member's: the payer whose group plan covers them. */
  coveredBy?: { subscriptionId: number; member: MemberBrief } | null;
  /** A payer's group subscription: the other members it covers. */
  coveredMembers?: MemberBrief[];
}

/** A subscription row with its member and plan, as the API answers it. */
export const toSubscription = (
  row: {
    subscription: SubscriptionRow;
    member: MemberBrief;
    plan: { id: number; name: string; isGrouped: boolean };
  },
  group: GroupPeople = {},
): Subscription => {
  const s = row.subscription;
  return {
    id: s.id,
    member_id: s.memberId,
    subscription_type_id: s.subscriptionTypeId,
    payment_id: s.paymentId,
    member: toPaymentMember(row.member),
    subscription_type: {
      id: row.plan.id,
      name: row.plan.name,
      is_grouped: row.plan.isGrouped ? 1 : 0,
    },
    subscription_amount: koboToNaira(s.amountKobo),
    duration: s.duration,
    plan_duration: s.planDuration,
    duration_type: s.durationType as DurationType,
    start_date: s.startDate,
    expiry_date: s.expiryDate,
    is_active: s.isActive,
    created_at: s.createdAt.toISOString(),
    covered_by: group.coveredBy
      ? {
          subscription_id: group.coveredBy.subscriptionId,
          member: toPaymentMember(group.coveredBy.member),
        }
      : null,
    covered_members: (group.coveredMembers ?? []).map(toPaymentMember),
  };
};
