import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { KoraModule } from '../module';
import { portalPageRoutes } from './portal.page';
import { portalRoutes } from './portal.routes';

/**
 * The member's own page: sign-in by a code sent to their phone or e-mail, member sessions, and
 * the member's calls under /v1/portal/{business_code}/… (their plan, renewing online, their
 * details, a freeze request, their data). The HTML pages under /m/… live here too.
 */
export const portalModule: KoraModule = {
  name: 'portal',
  /** The member's pages, server-drawn HTML. */
  prefixes: ['/m/'],
  routes: (ctx: AppContext) => async (app: FastifyInstance) => {
    await portalRoutes(ctx)(app);
    // The member's pages under /m/{business_code}, in a scope of their own (cookies, forms).
    await app.register(portalPageRoutes(ctx));
  },
};

// What app.ts calls: the member session of a member token (the member calls' access check).
export { memberSessionOf } from './portal.service';
