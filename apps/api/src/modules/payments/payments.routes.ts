import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_MAX, paymentListQuery, recordPaymentSchema } from '@kora/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { tenantOf } from '../../plugins/tenancy';
import * as payments from './payments.service';

const schema = { tags: ['payments'], security: [{ bearerAuth: [] }] };

const KEY_TOO_LONG = `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`;

/** The optional `Idempotency-Key` header: trimmed, at most 100 characters; blank means none. */
const idempotencyKeyOf = (req: FastifyRequest): string | undefined => {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw badRequest(KEY_TOO_LONG, 'VALIDATION_ERROR', { 'idempotency-key': KEY_TOO_LONG });
  return key;
};

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
