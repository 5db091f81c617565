import type { KoraModule } from '../module';
import { cashUpRoutes } from './cash-up.routes';

/**
 * Cash-up: each team user's count of their cash drawer at the end of a shift against what Kora
 * expected (their Cash payments not voided, less their Cash refunds, since their last cash-up).
 */
export const cashUpModule: KoraModule = {
  name: 'cash-up',
  routes: cashUpRoutes,
};
