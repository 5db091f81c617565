import type { ExportColumn, ExportSpec } from '../../lib/export-file';
import type { AppContext } from '../../context';
import { recordExport, type Actor } from '../audit';
import { memberPlanColumns } from '../subscriptions';
import type { PaymentExportRow } from './payments.service';

/** A payment's state in words: Voided, Refunded (in full), Part refunded, Unconfirmed, or none. */
const statusOf = (p: PaymentExportRow['payment']): string => {
  if (p.voidedAt !== null) return 'Voided';
  if (p.refundedKobo > 0) return p.refundedKobo >= p.amountKobo ? 'Refunded' : 'Part refunded';
  return p.confirmedAt === null ? 'Unconfirmed' : '';
};

/**
 * What a payment brought in: its amount less its refunds, nothing when voided. The column's sum
 * is the revenue of the rows exported, as the dashboard counts it.
 */
const netKobo = (p: PaymentExportRow['payment']): number =>
  p.voidedAt !== null ? 0 : p.amountKobo - p.refundedKobo;

/**
 * The payments export's columns, in a gym owner's words. Voided payments stay in it (marked), and
 * the Net column counts them as nothing and refunds off.
 */
const PAYMENT_EXPORT_COLUMNS: ExportColumn<PaymentExportRow>[] = [
  { header: 'Date', kind: 'day', value: (r) => r.payment.paidOn, width: 12 },
  { header: 'Receipt', kind: 'text', value: (r) => r.payment.receiptNumber, width: 14 },
  ...memberPlanColumns<PaymentExportRow>(),
  { header: 'Periods', kind: 'number', value: (r) => r.payment.duration, width: 9 },
  { header: 'Amount', kind: 'naira', value: (r) => r.payment.amountKobo, width: 14 },
  { header: 'Method', kind: 'text', value: (r) => r.payment.method, width: 10 },
  { header: 'Purpose', kind: 'text', value: (r) => r.payment.purpose, width: 26 },
  { header: 'Status', kind: 'text', value: (r) => statusOf(r.payment), width: 14 },
  { header: 'Refunded', kind: 'naira', value: (r) => r.payment.refundedKobo, width: 14 },
  { header: 'Net', kind: 'naira', value: (r) => netKobo(r.payment), width: 14 },
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
) => recordExport(ctx.db, actor, businessId, 'Payments', { export: 'payments', filters });
