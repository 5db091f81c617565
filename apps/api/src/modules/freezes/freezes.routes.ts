import type { FastifyInstance } from 'fastify';
import { freezeContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as freezes from './freezes.service';

/** Freezes: everyone in the business reads them and may freeze, end, approve or decline. */
export const freezeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Freezes loaded.',
    data: {
      freezes: await freezes.listFreezes(ctx, tenantOf(req).businessId, req.params.id),
    },
  }));

  route(app, api.create, async (req, reply) => {
    const { freeze, replayed } = await freezes.createFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    return sendCreated(reply, replayed, { message: 'Membership frozen.', data: freeze });
  });

  route(app, api.end, async (req) => ({
    message: 'Freeze ended.',
    data: await freezes.endFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.params.freeze_id,
      req.body?.on,
      actorOf(req),
    ),
  }));

  route(app, api.approve, async (req) => ({
    message: 'Freeze approved.',
    data: await freezes.approveFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.params.freeze_id,
      actorOf(req),
    ),
  }));

  route(app, api.decline, async (req) => ({
    message: 'Freeze request declined.',
    data: await freezes.declineFreeze(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.params.freeze_id,
      req.body?.reason,
      actorOf(req),
    ),
  }));

  route(app, api.requests, async (req) => ({
    message: 'Freeze requests loaded.',
    ...(await freezes.listRequests(ctx, tenantOf(req).businessId, req.query)),
  }));
};
