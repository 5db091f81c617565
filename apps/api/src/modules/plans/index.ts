import type { KoraModule } from '../module';
import { planRoutes } from './plans.routes';

/** Subscription plans and their presets. */
export const plansModule: KoraModule = {
  name: 'plans',
  routes: planRoutes,
};

// What other modules may call: the plan a form names, and the plan errors forms share.
export { chosenPlan, chosenPlanNotFound, planInactive, planNotFound } from './plans.service';
