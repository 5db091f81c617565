import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { KoraModule } from '../module';
import { onDeskPaymentRecorded } from '../payments';
import { receiptPageRoutes } from './receipts.page';
import { receiptRoutes } from './receipts.routes';
import { autoSendReceipt } from './receipts.service';

/**
 * Receipts: a payment's receipt as JSON and PDF (A4, 80 mm), sent to the member through the
 * outbox (by hand, or automatically after each desk payment when the business asked for it), and
 * its public page /r/{token} with the PDF /r/{token}.pdf.
 */
export const receiptsModule: KoraModule = {
  name: 'receipts',
  /** The receipt's public page and PDF. */
  prefixes: ['/r/'],
  routes: (ctx: AppContext) => async (app: FastifyInstance) => {
    onDeskPaymentRecorded(ctx, (exec, payment) => autoSendReceipt(ctx, exec, payment));
    await receiptRoutes(ctx)(app);
    await receiptPageRoutes(ctx)(app);
  },
};
