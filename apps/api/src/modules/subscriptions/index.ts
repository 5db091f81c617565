import type { KoraModule } from '../module';
import { subscriptionRoutes } from './subscriptions.routes';

/** Subscriptions: what members bought, running, upcoming and expired. */
export const subscriptionsModule: KoraModule = {
  name: 'subscriptions',
  routes: subscriptionRoutes,
};

// What other modules may call: who a group subscription covers, a subscription's answer, the
// member and plan columns of an export, and each member's cover for the check-in verdict.
export {
  coveredMembersOf,
  toPaymentMember,
  toSubscription,
  type MemberBrief,
  type SubscriptionRow,
} from './subscriptions.service';
export { memberPlanColumns } from './subscriptions.export';
