import type { KoraModule } from '../module';
import { onlineJobs } from './online.job';
import { onlineRoutes } from './online.routes';

/**
 * Online payments through each business's own Paystack account: payment links, dedicated
 * transfer accounts, the webhook, and the reconciliation of links whose webhook never came.
 */
export const onlineModule: KoraModule = {
  name: 'online',
  /** The public payment page a member opens from a link. */
  prefixes: ['/pay/'],
  routes: onlineRoutes,
  jobs: onlineJobs,
};

// What other modules may call: whether a business takes payments online and a renewal link.
export { paymentLinksAvailable, renewalLinkUrl } from './online.service';
