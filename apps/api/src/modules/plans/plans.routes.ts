import type { FastifyInstance } from 'fastify';
import { PLAN_PRESETS, planContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as plans from './plans.service';

/** Subscription plans: everyone in the business reads them; owners and admins change them. */
export const planRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Subscription plans loaded.',
    data: await plans.listPlans(ctx, tenantOf(req).businessId, req.query),
  }));

  route(app, api.presets, async () => ({
    message: 'Plan presets loaded.',
    data: [...PLAN_PRESETS],
  }));

  route(app, api.get, async (req) => ({
    message: 'Subscription plan loaded.',
    data: await plans.getPlanForBusiness(ctx, tenantOf(req).businessId, req.params.id),
  }));

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

  route(app, api.update, async (req) => ({
    message: 'Subscription plan updated successfully.',
    data: await plans.updatePlan(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.body,
      actorOf(req),
    ),
  }));

  route(app, api.remove, async (req) => {
    await plans.deletePlan(ctx, tenantOf(req).businessId, req.params.id, actorOf(req));
    return { message: 'Subscription plan deleted successfully.', data: null };
  });
};
