import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', { schema: { tags: ['health'] } }, async (req, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' };
      } catch (err) {
        req.log.error({ err }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' });
      }
    });
  };
