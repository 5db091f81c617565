import type { FastifyInstance } from 'fastify';
import { NIGERIAN_STATES, businessContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { userIdOf } from '../../plugins/auth';
import { sessionUserOf, tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as business from './business.service';

/** Business setup and profile, and the states list. */
export const businessRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.create, async (req, reply) => {
    const user = sessionUserOf(req);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const data = await business.createBusiness(ctx, { id: userIdOf(req), name }, req.body);
    return reply.status(201).send({ message: business.MESSAGES.created, data });
  });

  route(app, api.profile, async (req) => {
    const tenant = tenantOf(req);
    return {
      message: business.MESSAGES.loaded,
      data: await business.getProfile(ctx, tenant.businessId, tenant.userId),
    };
  });

  route(app, api.update, async (req) => {
    const tenant = tenantOf(req);
    return {
      message: business.MESSAGES.updated,
      data: await business.updateProfile(
        ctx,
        tenant.businessId,
        tenant.userId,
        req.body,
        actorOf(req),
        tenant.role,
      ),
    };
  });

  route(app, api.states, async () => ({
    message: 'States loaded.',
    data: [...NIGERIAN_STATES],
  }));
};
