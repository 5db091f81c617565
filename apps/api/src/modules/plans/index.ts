import type { KoraModule } from '../module';
import { planRoutes } from './plans.routes';

/** Subscription plans and their presets. */
export const plansModule: KoraModule = {
  name: 'plans',
  routes: planRoutes,
};

// What other modules may call: a plan of the business and the plan errors forms share.
export {
  chosenPlan,
  chosenPlanNotFound,
  getPlanForBusiness,
  PLAN_INACTIVE,
  PLAN_NOT_FOUND,
  planInactive,
  planNotFound,
} from './plans.service';
