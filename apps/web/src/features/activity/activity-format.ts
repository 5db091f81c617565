import type { AuditEntry } from '@kora/shared';

/** The kinds of record the trail covers, as the Kind of record filter offers them. */
export const RECORD_KINDS = [
  { value: 'member', label: 'Members' },
  { value: 'plan', label: 'Plans' },
  { value: 'payment', label: 'Payments' },
  { value: 'subscription', label: 'Subscriptions' },
  { value: 'receipt', label: 'Receipts' },
  { value: 'cash_up', label: 'Cash-ups' },
  { value: 'visit', label: 'Check-ins' },
  { value: 'message', label: 'Messages' },
  { value: 'user', label: 'Team' },
  { value: 'business', label: 'Business settings' },
  { value: 'paystack', label: 'Paystack' },
  { value: 'payment_link', label: 'Payment links' },
  { value: 'import', label: 'Imports' },
  { value: 'export', label: 'Exports' },
  { value: 'kiosk', label: 'Kiosks' },
] as const;

/** Who acted, when it was not a person of the team. */
const OTHER_ACTORS: Record<string, string> = {
  member: 'Member via payment link',
  paystack: 'Paystack',
  import: 'Import',
  kiosk: 'Kiosk',
  system: 'System',
};

/** Who did it: "Chidi Okeke (staff)", or "Paystack", "Kiosk", "System"… */
export const actorLabel = (actor: AuditEntry['actor']): string => {
  if (actor.kind !== 'user') return OTHER_ACTORS[actor.kind] ?? actor.kind;
  const name = actor.name?.trim() || 'A former team member';
  return actor.role ? `${name} (${actor.role})` : name;
};

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
