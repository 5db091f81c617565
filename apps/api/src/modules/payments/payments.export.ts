import type { ExportColumn, ExportSpec } from '../../lib/export-file';
import type { AppContext } from '../../context';
import { recordAudit, type Actor } from '../audit';
import { memberPlanColumns } from '../subscriptions';
import type { PaymentExportRow } from './payments.service';

/** The payments export's columns, in a gym owner's words. */
const PAYMENT_EXPORT_COLUMNS: ExportColumn<PaymentExportRow>[] = [
  { header: 'Date', kind: 'day', value: (r) => r.payment.paidOn, width: 12 },
  ...memberPlanColumns<PaymentExportRow>(),
  { header: 'Periods', kind: 'number', value: (r) => r.payment.duration, width: 9 },
  { header: 'Amount', kind: 'naira', value: (r) => r.payment.amountKobo, width: 14 },
  { header: 'Method', kind: 'text', value: (r) => r.payment.method, width: 10 },
  { header: 'Purpose', kind: 'text', value: (r) => r.payment.purpose, width: 26 },
];

export const paymentExport = (
  read: ExportSpec<PaymentExportRow>['read'],
): ExportSpec<PaymentExportRow> => ({
  name: 'payments',
  sheet: 'Payments',
  columns: PAYMENT_EXPORT_COLUMNS,
  read,
  cursorOf: (r) => ({ at: r.cursor, id: r.payment.id }),
});

/** Notes in the trail who exported the payments, with which filters, as the file starts. */
export const auditPaymentExport = (
  ctx: AppContext,
  businessId: number,
  actor: Actor,
  filters: object,
) =>
  recordAudit(ctx.db, actor, {
    businessId,
    action: 'export.download',
    recordKind: 'export',
    recordLabel: 'Payments',
    detail: { export: 'payments', filters },
  });
