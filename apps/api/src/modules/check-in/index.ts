import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { KoraModule } from '../module';
import { checkInExportRoutes } from './check-in.export';
import { checkInRoutes } from './check-in.routes';

/**
 * Check-in at the front desk: find a member by card, phone, member ID or name with today's
 * verdict, record their visit (one per 2 hours), the day's and a member's visits, the visits
 * export, member cards and the card's public page.
 */
export const checkInModule: KoraModule = {
  name: 'check-in',
  /** The member card's public page. */
  prefixes: ['/card/'],
  routes: (ctx: AppContext) => async (app: FastifyInstance) => {
    await checkInRoutes(ctx)(app);
    // The day's visits as CSV or .xlsx (GET /v1/check-in/export).
    await checkInExportRoutes(ctx)(app);
  },
};

// What other modules may call: the lookup's reading of what was typed and its probes (the kiosk
// finds members with them), checking a member in (the kiosk with its token; the day pass inside
// its payment's transaction: the same rules and the same kora_check_in), and a visit's answer.
export { checkIn, checkInWithin, classify, findMembers } from './check-in.service';
export { type Viewer } from './check-in.answers';
