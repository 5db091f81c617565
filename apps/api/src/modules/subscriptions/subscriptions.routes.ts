import type { FastifyInstance } from 'fastify';
import { exportContracts, lagosDay, subscriptionContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { dataRoute, exportRoute, pageRoute } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { auditSubscriptionExport, subscriptionExport } from './subscriptions.export';
import * as subscriptions from './subscriptions.service';

/** Subscriptions of the caller's business (created by recording payments). Every role may read. */
export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  pageRoute(app, api.list, 'Subscriptions loaded.', (req) =>
    subscriptions.listSubscriptions(ctx, tenantOf(req).businessId, req.query),
  );

  // A streamed file (CSV or .xlsx) of every subscription the list's filters keep.
  exportRoute(app, exportContracts.subscriptions, async (req) => {
    const today = lagosDay();
    const { businessId } = tenantOf(req);
    await auditSubscriptionExport(ctx, businessId, actorOf(req), req.query);
    const read = subscriptions.subscriptionExportReader(ctx, businessId, req.query, today);
    return subscriptionExport(read, today);
  });

  dataRoute(app, api.summary, 'Subscriptions summary loaded.', (req) =>
    subscriptions.subscriptionSummary(ctx, tenantOf(req).businessId),
  );
};
