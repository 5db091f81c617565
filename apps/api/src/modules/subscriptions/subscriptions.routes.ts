import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionListQuery } from '@kora/shared';
import type { AppContext } from '../../context';
import { tenantOf } from '../../plugins/tenancy';
import * as subscriptions from './subscriptions.service';

const schema = { tags: ['subscriptions'], security: [{ bearerAuth: [] }] };

/** Subscriptions of the caller's business (created by recording payments). Every role may read. */
export const subscriptionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', app.requireBusiness);

    app.get(
      '/subscription',
      { schema: { ...schema, querystring: subscriptionListQuery } },
      async (req) => ({
        message: 'Subscriptions loaded.',
        ...(await subscriptions.listSubscriptions(ctx, tenantOf(req).businessId, req.query)),
      }),
    );

    app.get('/subscription/summary', { schema }, async (req) => ({
      message: 'Subscriptions summary loaded.',
      data: await subscriptions.subscriptionSummary(ctx, tenantOf(req).businessId),
    }));
  };
