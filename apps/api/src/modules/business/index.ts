import type { KoraModule } from '../module';
import { businessRoutes } from './business.routes';

/** The business (tenant): setup, profile and the states list. */
export const businessModule: KoraModule = {
  name: 'business',
  routes: businessRoutes,
};

// What other modules may call: the day-pass sale reads the business's day-pass plan and address.
export { dayPassSettings, seesRevenue, staffAllowances } from './business.service';
// The members' renew page without online payments: the gym's phone and bank account.
export { payInstead, type PayInstead } from './business.bank';
