import type { FastifyInstance } from 'fastify';
import { dayPassContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { DAY_PASS_MESSAGES, sellDayPass } from './day-pass.service';

/** Selling a walk-in a day pass at the desk. */
export const dayPassRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.sell, async (req, reply) => {
    const { businessId, userId, role } = tenantOf(req);
    const { data, replayed } = await sellDayPass(
      ctx,
      { businessId, userId, role },
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    const message = data.payment_link ? DAY_PASS_MESSAGES.linkReady : DAY_PASS_MESSAGES.sold;
    return sendCreated(reply, replayed, { message, data });
  });
};
