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

// What other modules may call: whether a business takes payments online, a renewal link, and a
// payment link (the day pass's, paid on the buyer's phone).
export { createLink, paymentLinksAvailable, renewalLinkUrl } from './online.service';
