import type { KoraModule } from '../module';
import { commsRoutes } from './comms.routes';
import { onDeliveriesSettled, releaseDueMessages } from './comms.service';

/** Bulk messages (e-mail, SMS, WhatsApp) to groups of members, now or scheduled. */
export const commsModule: KoraModule = {
  name: 'comms',
  routes: commsRoutes,
  jobs: [
    async (db, ctx) => {
      await releaseDueMessages(db, ctx.config.appUrl);
    },
  ],
  onSettled: onDeliveriesSettled,
};
