import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PLAN_PRESETS,
  createPlanSchema,
  idParam,
  planListQuery,
  updatePlanSchema,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { MANAGERS, requireRole, tenantOf } from '../../plugins/tenancy';
import * as plans from './plans.service';

const schema = { tags: ['subscription plans'], security: [{ bearerAuth: [] }] };
/** Owners and admins change plans; staff may only read them (403 otherwise). */
const managers = { preValidation: requireRole(...MANAGERS) };

export const planRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Before validation: a caller without a business or the role learns that first.
    app.addHook('preValidation', app.requireBusiness);

    app.get(
      '/subscription-type',
      { schema: { ...schema, querystring: planListQuery } },
      async (req) => ({
        message: 'Subscription plans loaded.',
        data: await plans.listPlans(ctx, tenantOf(req).businessId, req.query),
      }),
    );

    // Before /subscription-type/:id, so "presets" is not taken for an id.
    app.get('/subscription-type/presets', { schema }, async () => ({
      message: 'Plan presets loaded.',
      data: PLAN_PRESETS,
    }));

    app.get('/subscription-type/:id', { schema: { ...schema, params: idParam } }, async (req) => ({
      message: 'Subscription plan loaded.',
      data: await plans.getPlanForBusiness(ctx, tenantOf(req).businessId, req.params.id),
    }));

    app.post(
      '/subscription-type',
      { ...managers, schema: { ...schema, body: createPlanSchema } },
      async (req, reply) => {
        const { plan, replayed } = await plans.createPlan(
          ctx,
          tenantOf(req).businessId,
          req.body,
          idempotencyKeyOf(req),
        );
        // The same Idempotency-Key again answers the plan already added, created nothing.
        return reply.status(replayed ? 200 : 201).send({
          message: 'Subscription plan created successfully.',
          data: { entity_id: plan.id, ...plan },
        });
      },
    );

    app.patch(
      '/subscription-type/:id',
      { ...managers, schema: { ...schema, params: idParam, body: updatePlanSchema } },
      async (req) => ({
        message: 'Subscription plan updated successfully.',
        data: await plans.updatePlan(ctx, tenantOf(req).businessId, req.params.id, req.body),
      }),
    );

    app.delete(
      '/subscription-type/:id',
      { ...managers, schema: { ...schema, params: idParam } },
      async (req) => {
        await plans.deletePlan(ctx, tenantOf(req).businessId, req.params.id);
        return { message: 'Subscription plan deleted successfully.', data: null };
      },
    );
  };
