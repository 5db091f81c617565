import { SUBSCRIPTION_STATUS_LABELS, lagosDay, type SubscriptionStatus } from '@kora/shared';
import { localPhone, type ExportColumn, type ExportSpec } from '../../lib/export-file';
import type { MemberExportRow } from './members.service';

/** The members export's columns, in a gym owner's words (the list's status and plan). */
const MEMBER_EXPORT_COLUMNS: ExportColumn<MemberExportRow>[] = [
  { header: 'Member ID', kind: 'text', value: (r) => r.member.memberCode, width: 12 },
  { header: 'First name', kind: 'text', value: (r) => r.member.firstName, width: 16 },
  { header: 'Middle name', kind: 'text', value: (r) => r.member.middleName, width: 16 },
  { header: 'Last name', kind: 'text', value: (r) => r.member.lastName, width: 16 },
  { header: 'Phone', kind: 'text', value: (r) => localPhone(r.member.mobileNumber), width: 14 },
  { header: 'E-mail', kind: 'text', value: (r) => r.member.emailAddress ?? '', width: 28 },
  { header: 'City', kind: 'text', value: (r) => r.member.city, width: 14 },
  { header: 'State', kind: 'text', value: (r) => r.member.state, width: 14 },
  { header: 'Gender', kind: 'text', value: (r) => r.member.gender },
  { header: 'Date of birth', kind: 'day', value: (r) => r.member.dateOfBirth, width: 14 },
  {
    header: 'Status',
    kind: 'text',
    value: (r) => SUBSCRIPTION_STATUS_LABELS[r.subscriptionStatus as SubscriptionStatus],
    width: 16,
  },
  { header: 'Current plan', kind: 'text', value: (r) => r.planName, width: 20 },
  { header: 'Expiry date', kind: 'day', value: (r) => r.expiryDate, width: 14 },
  {
    header: 'Account',
    kind: 'text',
    value: (r) => (r.member.isActive ? 'Active' : 'Deactivated'),
  },
  {
    header: 'Last visit',
    kind: 'day',
    value: (r) => (r.member.lastVisitAt ? lagosDay(r.member.lastVisitAt) : null),
    width: 14,
  },
  { header: 'Joined', kind: 'day', value: (r) => lagosDay(r.member.createdAt), width: 14 },
];

export const memberExport = (
  read: ExportSpec<MemberExportRow>['read'],
): ExportSpec<MemberExportRow> => ({
  name: 'members',
  sheet: 'Members',
  columns: MEMBER_EXPORT_COLUMNS,
  read,
  cursorOf: (r) => ({ at: r.cursor, id: r.member.id }),
});
