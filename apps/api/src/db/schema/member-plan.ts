import { businesses } from './businesses';
import { ref } from './columns';
import { members } from './members';
import { plans } from './plans';

/** What a payment or a subscription is of: a member of the business, and one of its plans. */
export const memberPlanColumns = () => ({
  businessId: ref('business_id', () => businesses.id),
  memberId: ref('member_id', () => members.id),
  subscriptionTypeId: ref('subscription_type_id', () => plans.id),
});
