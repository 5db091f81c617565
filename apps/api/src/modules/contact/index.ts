import type { KoraModule } from '../module';
import { contactRoutes } from './contact.routes';

/** Sales contact requests from the public site: stored as tickets, e-mailed to SALES_EMAIL. */
export const contactModule: KoraModule = {
  name: 'contact',
  routes: contactRoutes,
};

// What the rate limit tests share: the contact form's own limit.
export { CONTACT_RATE_LIMIT } from './contact.service';
