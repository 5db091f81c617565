import { IconCash } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The payments page, loaded on demand, and its navigation item. */
export const paymentsFeature: Feature = {
  name: 'payments',
  nav: { label: 'Payments', to: '/payments', icon: IconCash, order: 40 },
  routes: pages('business', {
    payments: [() => import('./pages/payments-page'), 'PaymentsPage', 'Payments'],
  }),
};
