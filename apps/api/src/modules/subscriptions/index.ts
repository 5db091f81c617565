import type { KoraModule } from '../module';
import { subscriptionRoutes } from './subscriptions.routes';

/** Subscriptions: what members bought, running, upcoming and expired. */
export const subscriptionsModule: KoraModule = {
  name: 'subscriptions',
  routes: subscriptionRoutes,
};

// What other modules may call: who a group subscription covers, a subscription's answer, and
// the member and plan columns of an export.
export {
  coveredMembersOf,
  toPaymentMember,
  toSubscription,
  type MemberBrief,
  type SubscriptionRow,
} from './subscriptions.service';
export { memberPlanColumns } from './subscriptions.export';
