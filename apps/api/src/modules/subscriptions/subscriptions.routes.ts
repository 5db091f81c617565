import type { FastifyInstance } from 'fastify';
import { exportContracts, lagosDay, subscriptionContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { sendExport } from '../../lib/export-file';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { auditSubscriptionExport, subscriptionExport } from './subscriptions.export';
import * as subscriptions from './subscriptions.service';

/** Subscriptions of the caller's business (created by recording payments). Every role may read. */
export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Subscriptions loaded.',
    ...(await subscriptions.listSubscriptions(ctx, tenantOf(req).businessId, req.query)),
  }));

  // A streamed file (CSV or .xlsx) of every subscription the list's filters keep.
  route(app, exportContracts.subscriptions, async (req, reply) => {
    const today = lagosDay();
    const { businessId } = tenantOf(req);
    // The trail notes who exported what before the first row is read.
    await auditSubscriptionExport(ctx, businessId, actorOf(req), req.query);
    const read = subscriptions.subscriptionExportReader(ctx, businessId, req.query, today);
    return sendExport(reply, req.query.format, subscriptionExport(read, today));
  });

  route(app, api.summary, async (req) => ({
    message: 'Subscriptions summary loaded.',
    data: await subscriptions.subscriptionSummary(ctx, tenantOf(req).businessId),
  }));
};
