import { IconId } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The subscriptions page, loaded on demand, and its navigation item. */
export const subscriptionsFeature: Feature = {
  name: 'subscriptions',
  nav: { label: 'Subscriptions', to: '/subscriptions', icon: IconId, order: 30 },
  routes: pages('business', {
    subscriptions: [
      () => import('./pages/subscriptions-page'),
      'SubscriptionsPage',
      'Subscriptions',
    ],
  }),
};
