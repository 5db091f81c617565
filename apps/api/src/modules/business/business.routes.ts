import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NIGERIAN_STATES, createBusinessSchema, updateBusinessSchema } from '@kora/shared';
import type { AppContext } from '../../context';
import { userIdOf } from '../../plugins/auth';
import { MANAGERS, requireRole, tenantOf } from '../../plugins/tenancy';
import * as business from './business.service';

const tags = ['business'];
const secured = { tags, security: [{ bearerAuth: [] }] };

/** Business setup and profile, and the states list; registered under /v1. */
export const businessRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business',
      { schema: { ...secured, body: createBusinessSchema }, preHandler: app.authenticate },
      async (req, reply) => {
        const data = await business.createBusiness(ctx, userIdOf(req), req.body);
        return reply.status(201).send({ message: business.MESSAGES.created, data });
      },
    );

    app.get(
      '/business/profile',
      { schema: secured, preHandler: [app.requireBusiness] },
      async (req) => {
        const tenant = tenantOf(req);
        return {
          message: business.MESSAGES.loaded,
          data: await business.getProfile(ctx, tenant.businessId, tenant.userId),
        };
      },
    );

    app.patch(
      '/business/profile',
      {
        schema: { ...secured, body: updateBusinessSchema },
        preHandler: [app.requireBusiness, requireRole(...MANAGERS)],
      },
      async (req) => {
        const tenant = tenantOf(req);
        return {
          message: business.MESSAGES.updated,
          data: await business.updateProfile(ctx, tenant.businessId, tenant.userId, req.body),
        };
      },
    );

    app.get('/location/states', { schema: { tags: ['location'] } }, async () => ({
      message: 'States loaded.',
      data: NIGERIAN_STATES,
    }));
  };
