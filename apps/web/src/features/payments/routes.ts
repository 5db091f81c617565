import { IconCash } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The payments pages, loaded on demand, and their navigation item. */
export const paymentsFeature: Feature = {
  name: 'payments',
  nav: { label: 'Payments', to: '/payments', icon: IconCash, order: 40 },
  routes: pages('business', {
    payments: [() => import('./pages/payments-page'), 'PaymentsPage', 'Payments'],
    'payments/:id': [
      () => import('./pages/payment-details-page'),
      'PaymentDetailsPage',
      'Payment details',
    ],
  }),
};
