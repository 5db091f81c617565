import type { FastifyInstance } from 'fastify';
import { privacyContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { memberExport } from './privacy.export';
import * as privacy from './privacy.service';

/**
 * A member's consent history (every role), their data as a ZIP, erasure and the erasure
 * requests (owners and admins).
 */
export const privacyRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.consentHistory, async (req) => ({
    message: 'Consent history loaded.',
    data: await privacy.consentHistory(ctx.db, tenantOf(req).businessId, req.params.id),
  }));

  route(app, api.export, async (req, reply) => {
    const { filename, zip } = await memberExport(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      actorOf(req),
    );
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(zip));
  });

  route(app, api.erase, async (req) => ({
    message: 'The member was erased.',
    data: await privacy.eraseMember(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body.confirm,
      actorOf(req),
      req.log,
    ),
  }));

  route(app, api.erasureRequests, async (req) => ({
    message: 'Erasure requests loaded.',
    ...(await privacy.listErasureRequests(ctx, tenantOf(req).businessId, req.query)),
  }));
};
