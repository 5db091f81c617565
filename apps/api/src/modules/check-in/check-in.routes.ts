import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkInContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { createdRoute, dataRoute, doneRoute, pageRoute, route } from '../../lib/contract-route';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { cardPageRoutes } from './card-page';
import * as cards from './check-in.card';
import { syncRoster } from './check-in.roster';
import * as checkIns from './check-in.service';
import type { Viewer } from './check-in.answers';
import { listDayVisits, listMemberVisits } from './check-in.visits';

const viewerOf = (req: FastifyRequest): Viewer => {
  const { businessId, userId, role, firstName, lastName } = tenantOf(req);
  return { businessId, userId, role, name: `${firstName} ${lastName}` };
};

const CARD_REPLACED = 'New card issued. The old card no longer works.';

/**
 * The front desk's check-in: every role looks members up, checks them in, reads the day's
 * visits and a member's, and handles member cards. The card's public page is card-page.ts.
 */
export const checkInRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.lookup, async (req) => {
    const data = await checkIns.lookUp(ctx, tenantOf(req).businessId, req.query.q);
    return { message: data.length ? 'Members found.' : 'No member found', data };
  });

  route(app, api.record, async (req, reply) => {
    const { result, message, status } = await checkIns.checkIn(
      ctx,
      viewerOf(req),
      req.body,
      idempotencyKeyOf(req),
      undefined,
      undefined,
      actorOf(req),
    );
    return reply.status(status).send({ message, data: result });
  });

  route(app, api.roster, async (req) => {
    const { data, meta } = await syncRoster(ctx, tenantOf(req).businessId, req.query);
    return { message: data.length ? 'Members loaded.' : 'Up to date.', data, meta };
  });

  pageRoute(app, api.listDay, 'Visits loaded.', (req) =>
    listDayVisits(ctx, viewerOf(req), req.query),
  );

  pageRoute(app, api.memberVisits, 'Visits loaded.', (req) =>
    listMemberVisits(ctx, viewerOf(req), req.params.id, req.query),
  );

  dataRoute(app, api.getCard, 'Card loaded.', (req) =>
    cards.getCard(ctx, tenantOf(req).businessId, req.params.id),
  );

  createdRoute(app, api.replaceCard, CARD_REPLACED, 'card', (req, key) =>
    cards.replaceCard(ctx, tenantOf(req).businessId, req.params.id, key, actorOf(req)),
  );

  doneRoute(app, api.sendCard, 'Card sent.', (req) =>
    cards.sendCard(ctx, tenantOf(req).businessId, req.params.id, req.body.channel, actorOf(req)),
  );

  await app.register(cardPageRoutes(ctx));
};
