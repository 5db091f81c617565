import type { KoraModule } from '../module';
import { dayPassRoutes } from './day-pass.routes';

/** Day passes: a walk-in pays for one day of the gym's day-pass plan. */
export const dayPassModule: KoraModule = {
  name: 'day-pass',
  routes: dayPassRoutes,
};
