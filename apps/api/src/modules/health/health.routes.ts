import type { FastifyInstance } from 'fastify';
import { healthContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';

/** GET /health: 200 while the database answers, 503 otherwise (load balancers take it out). */
export const healthRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.check, async (req, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' as const };
    } catch (err) {
      req.log.error({ err }, 'health check: database did not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
};
