import type { KoraModule } from '../module';
import { remindersJobs } from './reminders.job';
import { reminderRoutes } from './reminders.routes';

/** Automatic renewal reminders around the last day of each member's subscription. */
export const remindersModule: KoraModule = {
  name: 'reminders',
  routes: reminderRoutes,
  jobs: remindersJobs,
};
