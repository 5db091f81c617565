import type { FastifyInstance } from 'fastify';
import { freezeContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { createdRoute, dataRoute, pageRoute } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as freezes from './freezes.service';

/** Freezes: everyone in the business reads them and may freeze, end, approve or decline. */
export const freezeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  dataRoute(app, api.list, 'Freezes loaded.', async (req) => ({
    freezes: await freezes.listFreezes(ctx, tenantOf(req).businessId, req.params.id),
  }));

  createdRoute(app, api.create, 'Membership frozen.', 'freeze', (req, key) =>
    freezes.createFreeze(ctx, tenantOf(req).businessId, req.params.id, req.body, key, actorOf(req)),
  );

  dataRoute(app, api.end, 'Freeze ended.', (req) =>
    freezes.endFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.params.freeze_id,
      req.body?.on,
      actorOf(req),
    ),
  );

  dataRoute(app, api.approve, 'Freeze approved.', (req) =>
    freezes.approveFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.params.freeze_id,
      req.body?.fee_method,
      actorOf(req),
    ),
  );

  dataRoute(app, api.decline, 'Freeze request declined.', (req) =>
    freezes.declineFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.params.freeze_id,
      req.body?.reason,
      actorOf(req),
    ),
  );

  pageRoute(app, api.requests, 'Freeze requests loaded.', (req) =>
    freezes.listRequests(ctx, tenantOf(req).businessId, req.query),
  );
};
