import { IconCash } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The payments page, loaded on demand, and its navigation item. */
export const paymentsFeature: Feature = {
  name: 'payments',
  nav: { label: 'Payments', to: '/payments', icon: IconCash, order: 40 },
  routes: [
    {
      path: 'payments',
      page: lazyPage(() => import('./pages/payments-page'), 'PaymentsPage'),
      needsBusiness: true,
      title: 'Payments',
    },
  ],
};
