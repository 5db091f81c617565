import type { KoraModule } from '../module';
import { subscriptionRoutes } from './subscriptions.routes';

/** Subscriptions: what members bought, running, upcoming and expired. */
export const subscriptionsModule: KoraModule = {
  name: 'subscriptions',
  routes: subscriptionRoutes,
};

// What other modules may call: who a group subscription covers, and a subscription's answer.
export {
  coveredMembersOf,
  toPaymentMember,
  toSubscription,
  type MemberBrief,
  type SubscriptionRow,
} from './subscriptions.service';
