import type { KoraModule } from '../module';
import { paymentRoutes } from './payments.routes';

/** Payments; each one creates the subscription it pays for. */
export const paymentsModule: KoraModule = {
  name: 'payments',
  routes: paymentRoutes,
};
