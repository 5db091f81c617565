import type { KoraModule } from '../module';
import { dashboardJobs } from './dashboard.job';
import { dashboardRoutes } from './dashboard.routes';

/**
 * The dashboard overview, its attendance (visits, busiest hours, members at risk), and the daily
 * close that adds each finished Lagos day to the payments' roll-up.
 */
export const dashboardModule: KoraModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
  jobs: dashboardJobs,
};
