import { IconLayoutDashboard } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The dashboard, loaded on demand, and its navigation item. */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  nav: { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, order: 10 },
  routes: pages('root', { dashboard: [() => import('./pages/dashboard-page'), 'DashboardPage'] }),
};
