import { IconListDetails } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The subscription plans pages, loaded on demand, and their navigation item. */
export const plansFeature: Feature = {
  name: 'plans',
  nav: { label: 'Subscription Plans', to: '/subscription-plans', icon: IconListDetails, order: 70 },
  routes: pages('business', {
    'subscription-plans': [() => import('./pages/plans-page'), 'PlansPage', 'Subscription plans'],
    'subscription-plans/add': [() => import('./pages/plan-add-page'), 'PlanAddPage', 'Create plan'],
    'subscription-plans/:id': [
      () => import('./pages/plan-details-page'),
      'PlanDetailsPage',
      'Plan details',
    ],
    'subscription-plans/:id/edit': [
      () => import('./pages/plan-edit-page'),
      'PlanEditPage',
      'Edit plan',
    ],
  }),
};
