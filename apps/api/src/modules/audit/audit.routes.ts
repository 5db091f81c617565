import type { FastifyInstance } from 'fastify';
import { auditContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { exportRoute, pageRoute } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from './audit.actor';
import { auditExport } from './audit.export';
import * as audit from './audit.service';

/** The business's audit trail: owners and admins read and export it (audit.read). */
export const auditRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  pageRoute(app, api.list, 'Activity loaded.', (req) =>
    audit.listAuditEntries(ctx, tenantOf(req).businessId, req.query),
  );

  exportRoute(app, api.export, async (req) =>
    auditExport(
      await audit.startAuditExport(ctx, tenantOf(req).businessId, actorOf(req), req.query),
    ),
  );
};
