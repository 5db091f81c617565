import type { FastifyInstance } from 'fastify';
import { teamContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as team from './team.service';

/** The team: everyone in the business sees it; owners and admins invite, change and remove. */
export const teamRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Team loaded.',
    data: await team.listTeam(ctx, tenantOf(req).businessId),
  }));

  route(app, api.invite, async (req, reply) => {
    const { user, replayed } = await team.invite(
      ctx,
      tenantOf(req),
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    // The same Idempotency-Key again answers the invitation already sent, and sends nothing.
    return sendCreated(reply, replayed, { message: 'Invitation sent successfully.', data: user });
  });

  route(app, api.resendInvitation, async (req) => ({
    message: 'Invitation sent again.',
    data: await team.resendInvitation(ctx, tenantOf(req), req.params.id, actorOf(req)),
  }));

  route(app, api.changeRole, async (req) => ({
    message: 'Role updated.',
    data: await team.changeRole(ctx, tenantOf(req), req.params.id, req.body, actorOf(req)),
  }));

  route(app, api.remove, async (req) => {
    const { wasInvitation } = await team.removeFromTeam(
      ctx,
      tenantOf(req),
      req.params.id,
      actorOf(req),
    );
    return {
      message: wasInvitation ? 'Invitation revoked.' : 'User removed from the team.',
      data: null,
    };
  });
};
