import type { KoraModule } from '../module';
import { contactRoutes } from './contact.routes';

/** Sales contact requests from the public site: stored as tickets, e-mailed to SALES_EMAIL. */
export const contactModule: KoraModule = {
  name: 'contact',
  routes: contactRoutes,
};
