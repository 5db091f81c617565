import type { FastifyInstance } from 'fastify';
import { subscriptionContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import * as subscriptions from './subscriptions.service';

/** Subscriptions of the caller's business (created by recording payments). Every role may read. */
export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Subscriptions loaded.',
    ...(await subscriptions.listSubscriptions(ctx, tenantOf(req).businessId, req.query)),
  }));

  route(app, api.summary, async (req) => ({
    message: 'Subscriptions summary loaded.',
    data: await subscriptions.subscriptionSummary(ctx, tenantOf(req).businessId),
  }));
};
