import { lagosDay, subscriptionDisplayStatus } from '@kora/shared';
import type { ExportColumn, ExportSpec } from '../../lib/export-file';
import type { AppContext } from '../../context';
import { recordExport, type Actor } from '../audit';
import type { SubscriptionExportRow } from './subscriptions.service';

/** A row of an export that names a member and a plan (the payments' and subscriptions'). */
interface MemberPlanRow {
  member: { firstName: string; lastName: string };
  memberCode: string;
  plan: { name: string };
}

/** The member's name and code and the plan's name, as the payments and subscriptions exports show them. */
export const memberPlanColumns = <R extends MemberPlanRow>(): ExportColumn<R>[] => [
  {
    header: 'Member',
    kind: 'text',
    value: (r) => `${r.member.firstName} ${r.member.lastName}`,
    width: 26,
  },
  { header: 'Member ID', kind: 'text', value: (r) => r.memberCode, width: 12 },
  { header: 'Plan', kind: 'text', value: (r) => r.plan.name, width: 20 },
];

/** The subscriptions export's columns, in a gym owner's words (the list's status). */
const subscriptionExportColumns = (
  today: string = lagosDay(),
): ExportColumn<SubscriptionExportRow>[] => [
  ...memberPlanColumns<SubscriptionExportRow>(),
  { header: 'Start', kind: 'day', value: (r) => r.subscription.startDate, width: 12 },
  { header: 'Last day', kind: 'day', value: (r) => r.subscription.expiryDate, width: 12 },
  { header: 'Periods', kind: 'number', value: (r) => r.subscription.duration, width: 9 },
  // A subscription imported with its member, or a group member's cover, was not paid by them in
  // Kora: no amount (the payer's row carries the group's payment).
  {
    header: 'Amount',
    kind: 'naira',
    value: (r) => (r.subscription.paymentId === null ? null : r.subscription.amountKobo),
    width: 14,
  },
  {
    header: 'Group',
    kind: 'text',
    value: (r) =>
      r.coveredBy !== null
        ? `Covered by ${r.coveredBy}`
        : r.covers > 0
          ? `Covers ${r.covers} other${r.covers === 1 ? '' : 's'}`
          : '',
    width: 30,
  },
  {
    header: 'Status',
    kind: 'text',
    value: (r) =>
      subscriptionDisplayStatus(
        {
          is_active: r.subscription.isActive,
          start_date: r.subscription.startDate,
          expiry_date: r.subscription.expiryDate,
        },
        today,
      ),
    width: 14,
  },
];

export const subscriptionExport = (
  read: ExportSpec<SubscriptionExportRow>['read'],
  today: string = lagosDay(),
): ExportSpec<SubscriptionExportRow> => ({
  name: 'subscriptions',
  sheet: 'Subscriptions',
  columns: subscriptionExportColumns(today),
  read,
  cursorOf: (r) => ({ at: r.cursor, id: r.subscription.id }),
});

/** Notes in the trail who exported the subscriptions, with which filters, as the file starts. */
export const auditSubscriptionExport = (
  ctx: AppContext,
  businessId: number,
  actor: Actor,
  filters: object,
) => recordExport(ctx.db, actor, businessId, 'Subscriptions', { export: 'subscriptions', filters });
