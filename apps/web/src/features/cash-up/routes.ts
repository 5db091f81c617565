import { IconCashRegister } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The cash-up page, for every role, loaded on demand, and its navigation item. */
export const cashUpFeature: Feature = {
  name: 'cash-up',
  nav: { label: 'Cash-up', to: '/cash-up', icon: IconCashRegister, order: 42 },
  routes: pages('business', {
    'cash-up': [() => import('./pages/cash-up-page'), 'CashUpPage', 'Cash-up'],
  }),
};
