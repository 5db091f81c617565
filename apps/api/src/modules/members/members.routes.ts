import type { FastifyInstance } from 'fastify';
import { exportContracts, memberContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { sendExport } from '../../lib/export-file';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { memberExport } from './members.export';
import * as members from './members.service';

/** Members of the caller's business. Staff, admins and owners may all read, add and edit. */
export const memberRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Members loaded.',
    ...(await members.listMembers(ctx, tenantOf(req).businessId, req.query)),
  }));

  // A streamed file (CSV or .xlsx) of every member the list's filters keep.
  // The trail notes who exported what before the first row is read.
  route(app, exportContracts.members, async (req, reply) => {
    const { businessId } = tenantOf(req);
    await members.auditMemberExport(ctx, businessId, actorOf(req), req.query);
    return sendExport(
      reply,
      req.query.format,
      memberExport(members.memberExportReader(ctx, businessId, req.query)),
    );
  });

  route(app, api.summary, async (req) => ({
    message: 'Members summary loaded.',
    data: await members.memberSummary(ctx, tenantOf(req).businessId),
  }));

  route(app, api.get, async (req) => ({
    message: 'Member loaded.',
    data: await members.getMemberForBusiness(ctx, tenantOf(req).businessId, req.params.id),
  }));

  route(app, api.create, async (req, reply) => {
    const { member, replayed } = await members.createMember(
      ctx,
      tenantOf(req).businessId,
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    // The same Idempotency-Key again answers the member already added, created nothing.
    return sendCreated(reply, replayed, { message: 'Member created successfully.', data: member });
  });

  route(app, api.update, async (req) => ({
    message: 'Member updated successfully.',
    data: await members.updateMember(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body,
      actorOf(req),
    ),
  }));
};
