import type { FastifyInstance } from 'fastify';
import { PLAN_PRESETS, planContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { dataRoute, doneRoute, route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as plans from './plans.service';

/** Subscription plans: everyone in the business reads them; owners and admins change them. */
export const planRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  dataRoute(app, api.list, 'Subscription plans loaded.', (req) =>
    plans.listPlans(ctx, tenantOf(req).businessId, req.query),
  );

  dataRoute(app, api.presets, 'Plan presets loaded.', async () => [...PLAN_PRESETS]);

  dataRoute(app, api.get, 'Subscription plan loaded.', (req) =>
    plans.getPlanForBusiness(ctx, tenantOf(req).businessId, req.params.id),
  );

  route(app, api.create, async (req, reply) => {
    const { plan, replayed } = await plans.createPlan(
      ctx,
      tenantOf(req).businessId,
      req.body,
      idempotencyKeyOf(req),
      actorOf(req),
    );
    // The same Idempotency-Key again answers the plan already added, created nothing.
    return sendCreated(reply, replayed, {
      message: 'Subscription plan created successfully.',
      data: { entity_id: plan.id, ...plan },
    });
  });

  dataRoute(app, api.update, 'Subscription plan updated successfully.', (req) =>
    plans.updatePlan(ctx, tenantOf(req).businessId, req.params.id, req.body, actorOf(req)),
  );

  doneRoute(app, api.remove, 'Subscription plan deleted successfully.', (req) =>
    plans.deletePlan(ctx, tenantOf(req).businessId, req.params.id, actorOf(req)),
  );
};
