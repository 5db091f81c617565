import type { FastifyInstance } from 'fastify';
import { receiptContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { dataRoute, route } from '../../lib/contract-route';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import { pdfHeaders } from './receipts.pdf';
import * as receipts from './receipts.service';

/** A payment's receipt (JSON, PDF, sending it) and the business's automatic-receipt setting. */
export const receiptRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  dataRoute(app, api.get, 'Receipt loaded.', (req) =>
    receipts.getReceipt(ctx, tenantOf(req).businessId, req.params.id),
  );

  // Streamed as pdfkit writes it; shown in the browser (inline), never cached.
  route(app, api.pdf, async (req, reply) => {
    const { businessId } = tenantOf(req);
    const pdf = await receipts.getReceiptPdf(ctx, businessId, req.params.id, req.query.size);
    return pdfHeaders(reply, pdf.filename).send(pdf.stream);
  });

  dataRoute(app, api.send, 'Receipt sent.', (req) =>
    receipts.sendReceipt(
      ctx,
      actorOf(req),
      tenantOf(req).businessId,
      req.params.id,
      req.body.channel,
    ),
  );

  dataRoute(app, api.getSettings, 'Receipt settings loaded.', (req) =>
    receipts.getReceiptSettings(ctx, tenantOf(req).businessId),
  );

  dataRoute(app, api.updateSettings, 'Receipt settings saved.', (req) =>
    receipts.updateReceiptSettings(ctx, actorOf(req), tenantOf(req).businessId, req.body.auto_send),
  );
};
