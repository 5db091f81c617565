import type { KoraModule } from '../module';
import { subscriptionRoutes } from './subscriptions.routes';

/** Subscriptions: what members bought, running, upcoming and expired. */
export const subscriptionsModule: KoraModule = {
  name: 'subscriptions',
  routes: subscriptionRoutes,
};
