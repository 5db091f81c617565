import type { FastifyInstance } from 'fastify';
import { cashUpContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as cashUp from './cash-up.service';

/** Cash-ups: every team user counts their own drawer; owners and admins read everyone's. */
export const cashUpRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.expected, async (req) => ({
    message: 'Expected cash loaded.',
    data: await cashUp.expectedNow(ctx, tenantOf(req)),
  }));

  route(app, api.record, async (req, reply) => {
    const { cashUp: data, replayed } = await cashUp.recordCashUp(
      ctx,
      actorOf(req),
      tenantOf(req),
      req.body,
      idempotencyKeyOf(req),
    );
    return sendCreated(reply, replayed, { message: 'Cash-up recorded.', data });
  });

  route(app, api.list, async (req) => ({
    message: 'Cash-ups loaded.',
    ...(await cashUp.listCashUps(ctx, tenantOf(req), req.query)),
  }));

  route(app, api.week, async (req) => ({
    message: 'Cash-up week loaded.',
    data: await cashUp.cashUpWeek(ctx, tenantOf(req), req.query.start),
  }));
};
