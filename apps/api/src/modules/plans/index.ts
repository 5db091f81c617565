import type { KoraModule } from '../module';
import { planRoutes } from './plans.routes';

/** Subscription plans and their presets. */
export const plansModule: KoraModule = {
  name: 'plans',
  routes: planRoutes,
};
