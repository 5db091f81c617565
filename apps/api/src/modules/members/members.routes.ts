import type { FastifyInstance } from 'fastify';
import { exportContracts, memberContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { createdRoute, dataRoute, exportRoute, jsonPageRoute } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { memberExport } from './members.export';
import * as members from './members.service';

/** Members of the caller's business. Staff, admins and owners may all read, add and edit. */
export const memberRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // The page's rows come written as JSON by PostgreSQL (members.list-json.ts).
  jsonPageRoute(app, api.list, 'Members loaded.', (req) =>
    members.listMembers(ctx, tenantOf(req).businessId, req.query),
  );

  // A streamed file (CSV or .xlsx) of every member the list's filters keep.
  // The trail notes who exported what before the first row is read.
  exportRoute(app, exportContracts.members, async (req) => {
    const { businessId } = tenantOf(req);
    await members.auditMemberExport(ctx, businessId, actorOf(req), req.query);
    return memberExport(members.memberExportReader(ctx, businessId, req.query));
  });

  dataRoute(app, api.summary, 'Members summary loaded.', (req) =>
    members.memberSummary(ctx, tenantOf(req).businessId),
  );

  dataRoute(app, api.get, 'Member loaded.', (req) =>
    members.getMemberForBusiness(ctx, tenantOf(req).businessId, req.params.id),
  );

  // The same Idempotency-Key again answers the member already added, created nothing.
  createdRoute(app, api.create, 'Member created successfully.', 'member', (req, key) =>
    members.createMember(ctx, tenantOf(req).businessId, req.body, key, actorOf(req)),
  );

  dataRoute(app, api.update, 'Member updated successfully.', (req) =>
    members.updateMember(ctx, tenantOf(req).businessId, req.params.id, req.body, actorOf(req)),
  );
};
