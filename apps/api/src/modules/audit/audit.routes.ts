import type { FastifyInstance } from 'fastify';
import { auditContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { sendExport } from '../../lib/export-file';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from './audit.actor';
import { auditExport } from './audit.export';
import * as audit from './audit.service';

/** The business's audit trail: owners and admins read and export it (audit.read). */
export const auditRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Activity loaded.',
    ...(await audit.listAuditEntries(ctx, tenantOf(req).businessId, req.query)),
  }));

  route(app, api.export, async (req, reply) => {
    const read = await audit.startAuditExport(
      ctx,
      tenantOf(req).businessId,
      actorOf(req),
      req.query,
    );
    return sendExport(reply, req.query.format, auditExport(read));
  });
};
