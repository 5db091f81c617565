import type { KoraModule } from '../module';
import { businessRoutes } from './business.routes';

/** The business (tenant): setup, profile and the states list. */
export const businessModule: KoraModule = {
  name: 'business',
  routes: businessRoutes,
};
