import type { KoraModule } from '../module';
import { dashboardRoutes } from './dashboard.routes';
import { dailyCloseJob } from './payment-days';

/**
 * The dashboard overview, and the daily close that adds each finished Lagos day to the
 * payments' roll-up.
 */
export const dashboardModule: KoraModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
  jobs: [dailyCloseJob()],
};
