import type { KoraModule } from '../module';
import { communicationsJobs, onDeliveriesSettled } from './communications.job';
import { communicationsRoutes } from './communications.routes';

/** Bulk messages (e-mail, SMS, WhatsApp) to groups of members, now or scheduled. */
export const communicationsModule: KoraModule = {
  name: 'communications',
  routes: communicationsRoutes,
  jobs: communicationsJobs,
  onSettled: onDeliveriesSettled,
};
