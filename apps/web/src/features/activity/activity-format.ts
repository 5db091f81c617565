import { AUDIT_RECORD_KINDS, type AuditRecordKind } from '@kora/shared';

/** The kinds of record the trail covers, as the Kind of record filter offers them. */
const RECORD_KIND_LABELS: Record<AuditRecordKind, string> = {
  member: 'Members',
  plan: 'Plans',
  payment: 'Payments',
  subscription: 'Subscriptions',
  receipt: 'Receipts',
  cash_up: 'Cash-ups',
  visit: 'Check-ins',
  message: 'Messages',
  user: 'Team',
  business: 'Business settings',
  paystack: 'Paystack',
  payment_link: 'Payment links',
  import: 'Imports',
  export: 'Exports',
  kiosk: 'Kiosks',
};

/** The Kind of record filter's choices, in the order of the record kinds. */
export const RECORD_KINDS = AUDIT_RECORD_KINDS.map((value) => ({
  value,
  label: RECORD_KIND_LABELS[value],
}));

export const ACTIVITY_TEXTS = {
  title: 'Activity',
  description: 'Everything done in your business: who did it, when, and what changed.',
  listFailed: 'An error occurred while fetching the activity.',
  none: 'Nothing has been recorded yet.',
  noneHint: 'Every change made in Kora shows here, newest first.',
  noMatch: 'Nothing matches your filters',
  historyTitle: 'History',
  historyNone: 'Nothing has been recorded for this member yet.',
  historyFailed: "An error occurred while fetching this member's history.",
  exportFailed: 'The export could not be downloaded. Please try again.',
  notAllowed: 'Only the business owner or an admin can see the activity.',
} as const;
