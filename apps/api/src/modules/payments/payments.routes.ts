import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentListQuery, recordPaymentSchema } from '@kora/shared';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import * as payments from './payments.service';

const schema = { tags: ['payments'], security: [{ bearerAuth: [] }] };

/** Payments of the caller's business. Staff, admins and owners may all record and read. */
export const paymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', app.requireBusiness);

    app.get('/payment', { schema: { ...schema, querystring: paymentListQuery } }, async (req) => {
      const page = await payments.listPayments(ctx, tenantOf(req).businessId, req.query);
      // The specification's client reads total and pages at the top level.
      return {
        message: 'Payments loaded.',
        ...page,
        total: page.meta.total,
        pages: page.meta.pages,
      };
    });

    app.get('/payment/summary', { schema }, async (req) => ({
      message: 'Payments summary loaded.',
      data: await payments.paymentSummary(ctx, tenantOf(req).businessId),
    }));

    app.post(
      '/payment',
      {
        schema: {
          ...schema,
          description:
            'Records a payment and creates the subscription it bought. The amount must equal ' +
            'plan amount × duration. Send an Idempotency-Key header (at most 100 characters): a ' +
            'retry with the same key answers the first payment and records nothing new.',
          body: recordPaymentSchema,
        },
      },
      async (req, reply) => {
        const tenant = tenantOf(req);
        const data = await payments.recordPayment(
          ctx,
          { businessId: tenant.businessId, userId: tenant.userId },
          req.body,
          { idempotencyKey: idempotencyKeyOf(req) },
        );
        return reply.status(201).send({ message: 'Payment recorded successfully.', data });
      },
    );
  };
