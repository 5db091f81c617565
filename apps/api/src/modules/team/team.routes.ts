import type { FastifyInstance } from 'fastify';
import { teamContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { createdRoute, dataRoute, route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as team from './team.service';

/** The team: everyone in the business sees it; owners and admins invite, change and remove. */
export const teamRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  dataRoute(app, api.list, 'Team loaded.', (req) => team.listTeam(ctx, tenantOf(req).businessId));

  // The same Idempotency-Key again answers the invitation already sent, and sends nothing.
  createdRoute(app, api.invite, 'Invitation sent successfully.', 'user', (req, key) =>
    team.invite(ctx, tenantOf(req), req.body, key, actorOf(req)),
  );

  dataRoute(app, api.resendInvitation, 'Invitation sent again.', (req) =>
    team.resendInvitation(ctx, tenantOf(req), req.params.id, actorOf(req)),
  );

  dataRoute(app, api.changeRole, 'Role updated.', (req) =>
    team.changeRole(ctx, tenantOf(req), req.params.id, req.body, actorOf(req)),
  );

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
