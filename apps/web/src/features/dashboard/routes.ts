import { IconLayoutDashboard } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The dashboard, loaded on demand, and its navigation item. */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  nav: { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, order: 10 },
  routes: [
    {
      path: 'dashboard',
      page: lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage'),
      alsoUnderDashboard: false,
    },
  ],
};
