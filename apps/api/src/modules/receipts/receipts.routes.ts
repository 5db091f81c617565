import type { FastifyInstance } from 'fastify';
import { receiptContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as receipts from './receipts.service';

/** A payment's receipt (JSON, PDF, sending it) and the business's automatic-receipt setting. */
export const receiptRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.get, async (req) => ({
    message: 'Receipt loaded.',
    data: await receipts.getReceipt(ctx, tenantOf(req).businessId, req.params.id),
  }));

  // Streamed as pdfkit writes it; shown in the browser (inline), never cached.
  route(app, api.pdf, async (req, reply) => {
    const pdf = await receipts.getReceiptPdf(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      req.query.size,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf.stream);
  });

  route(app, api.send, async (req) => {
    const data = await receipts.sendReceipt(
      ctx,
      actorOf(req),
      tenantOf(req).businessId,
      req.params.id,
      req.body.channel,
    );
    return { message: 'Receipt sent.', data };
  });

  route(app, api.getSettings, async (req) => ({
    message: 'Receipt settings loaded.',
    data: await receipts.getReceiptSettings(ctx, tenantOf(req).businessId),
  }));

  route(app, api.updateSettings, async (req) => ({
    message: 'Receipt settings saved.',
    data: await receipts.updateReceiptSettings(
      ctx,
      actorOf(req),
      tenantOf(req).businessId,
      req.body.auto_send,
    ),
  }));
};
