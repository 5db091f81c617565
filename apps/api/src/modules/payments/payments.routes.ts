import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exportContracts, paymentContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { dataRoute, exportRoute, jsonPageRoute, route } from '../../lib/contract-route';
import { idempotencyKeyOf, sendCreated } from '../../lib/idempotency';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { confirmPayment, confirmPaymentDay } from './payments.confirm';
import * as corrections from './payments.corrections';
import { auditPaymentExport, paymentExport } from './payments.export';
import { refundPayment } from './payments.refund';
import * as payments from './payments.service';

/** The signed-in user correcting a payment, with their role and audit actor. */
const correctorOf = (req: FastifyRequest): corrections.Corrector => {
  const tenant = tenantOf(req);
  return {
    businessId: tenant.businessId,
    userId: tenant.userId,
    role: tenant.role,
    actor: actorOf(req),
  };
};

/** Payments of the caller's business. Staff, admins and owners may all record and read. */
export const paymentRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // The page's rows come written as JSON by PostgreSQL (payments.list-json.ts); the web client
  // reads total and pages at the top level too.
  jsonPageRoute(
    app,
    api.list,
    'Payments loaded.',
    (req) => payments.listPayments(ctx, tenantOf(req).businessId, req.query),
    { totalsAtTop: true },
  );

  // A streamed file (CSV or .xlsx) of every payment the list's filters keep.
  // The trail notes who exported what before the first row is read.
  exportRoute(app, exportContracts.payments, async (req) => {
    const { businessId, role } = tenantOf(req);
    await payments.checkSeesRevenue(ctx, businessId, role);
    await auditPaymentExport(ctx, businessId, actorOf(req), req.query);
    return paymentExport(payments.paymentExportReader(ctx, businessId, req.query));
  });

  dataRoute(app, api.summary, 'Payments summary loaded.', (req) => {
    const { businessId, role } = tenantOf(req);
    return payments.paymentSummary(ctx, businessId, undefined, role);
  });

  route(app, api.record, async (req, reply) => {
    const tenant = tenantOf(req);
    const data = await payments.recordPayment(
      ctx,
      { businessId: tenant.businessId, userId: tenant.userId, role: tenant.role },
      req.body,
      { idempotencyKey: idempotencyKeyOf(req) },
    );
    // A retry with the same Idempotency-Key answers the first payment with 201 as well.
    return reply.status(201).send({ message: 'Payment recorded successfully.', data });
  });

  // Registered before /v1/payment/:id/… so `confirm-day` is never read as an id.
  dataRoute(app, api.confirmDay, 'Transfers confirmed.', (req) =>
    confirmPaymentDay(ctx, correctorOf(req), req.body.day),
  );

  dataRoute(app, api.get, 'Payment loaded.', (req) =>
    corrections.paymentDetails(ctx, correctorOf(req), req.params.id),
  );

  dataRoute(app, api.void, 'Payment voided.', (req) =>
    corrections.voidPayment(ctx, correctorOf(req), req.params.id, req.body),
  );

  route(app, api.refund, async (req, reply) => {
    const { details, replayed } = await refundPayment(
      ctx,
      correctorOf(req),
      req.params.id,
      req.body,
      { idempotencyKey: idempotencyKeyOf(req) },
    );
    return sendCreated(reply, replayed, { message: 'Refund recorded.', data: details });
  });

  dataRoute(app, api.confirm, 'Payment confirmed.', (req) =>
    confirmPayment(ctx, correctorOf(req), req.params.id),
  );
};
