import { IconListDetails } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The subscription plans pages, loaded on demand, and their navigation item. */
export const plansFeature: Feature = {
  name: 'subscription-plans',
  nav: { label: 'Subscription Plans', to: '/subscription-plans', icon: IconListDetails, order: 70 },
  routes: [
    {
      path: 'subscription-plans',
      page: lazyPage(() => import('./pages/subscription-plans-page'), 'SubscriptionPlansPage'),
      needsBusiness: true,
      title: 'Subscription plans',
    },
    {
      path: 'subscription-plans/add',
      page: lazyPage(() => import('./pages/plan-add-page'), 'PlanAddPage'),
      needsBusiness: true,
      title: 'Create plan',
    },
    {
      path: 'subscription-plans/:id',
      page: lazyPage(() => import('./pages/plan-details-page'), 'PlanDetailsPage'),
      needsBusiness: true,
      title: 'Plan details',
    },
    {
      path: 'subscription-plans/:id/edit',
      page: lazyPage(() => import('./pages/plan-edit-page'), 'PlanEditPage'),
      needsBusiness: true,
      title: 'Edit plan',
    },
  ],
};
