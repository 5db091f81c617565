import type { KoraModule } from '../module';
import { healthRoutes } from './health.routes';

/** Liveness for load balancers and monitors. */
export const healthModule: KoraModule = {
  name: 'health',
  prefixes: ['/health'],
  routes: healthRoutes,
};
