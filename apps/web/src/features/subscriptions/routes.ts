import { IconId } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The subscriptions page, loaded on demand, and its navigation item. */
export const subscriptionsFeature: Feature = {
  name: 'subscriptions',
  nav: { label: 'Subscriptions', to: '/subscriptions', icon: IconId, order: 30 },
  routes: [
    {
      path: 'subscriptions',
      page: lazyPage(() => import('./pages/subscriptions-page'), 'SubscriptionsPage'),
      needsBusiness: true,
      title: 'Subscriptions',
    },
  ],
};
