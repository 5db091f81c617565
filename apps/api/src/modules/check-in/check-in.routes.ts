import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkInContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
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

  route(app, api.listDay, async (req) => ({
    message: 'Visits loaded.',
    ...(await listDayVisits(ctx, viewerOf(req), req.query)),
  }));

  route(app, api.memberVisits, async (req) => ({
    message: 'Visits loaded.',
    ...(await listMemberVisits(ctx, viewerOf(req), req.params.id, req.query)),
  }));

  route(app, api.getCard, async (req) => ({
    message: 'Card loaded.',
    data: await cards.getCard(ctx, tenantOf(req).businessId, req.params.id),
  }));

  route(app, api.replaceCard, async (req, reply) => {
    const { card, replayed } = await cards.replaceCard(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    return sendCreated(reply, replayed, {
      message: 'New card issued. The old card no longer works.',
      data: card,
    });
  });

  route(app, api.sendCard, async (req) => {
    await cards.sendCard(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body.channel,
      actorOf(req),
    );
    return { message: 'Card sent.', data: null };
  });

  await app.register(cardPageRoutes(ctx));
};
