import type { KoraModule } from '../module';
import { onlineRoutes } from './online.routes';
import { reconcileJob } from './online.webhook';

/**
 * Online payments through each business's own Paystack account: payment links, dedicated
 * transfer accounts, the webhook, and the reconciliation of links whose webhook never came.
 */
export const onlineModule: KoraModule = {
  name: 'online',
  /** The public payment page a member opens from a link. */
  prefixes: ['/pay/'],
  routes: onlineRoutes,
  jobs: [(_db, ctx) => reconcileJob(ctx)],
};
