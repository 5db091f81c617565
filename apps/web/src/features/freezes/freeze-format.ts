import { formatDay, type FreezeStatus } from '@kora/shared';

export const FREEZE_TEXTS = {
  dialogTitle: 'Freeze membership',
  failedTitle: 'The membership was not frozen',
  failed: 'An error occurred while freezing the membership. Please try again.',
  listFailed: 'An error occurred while fetching the freezes.',
  decisionFailed: 'That did not work. Please try again.',
  none: 'No freezes yet.',
  requestsTitle: 'Freeze requests',
  requestsFailed: 'An error occurred while fetching the freeze requests.',
  explain:
    'The days frozen are added to the end of the current subscription, and every renewal ' +
    'already paid moves with it.',
} as const;

/** Each state's badge. */
export const FREEZE_BADGES: Record<FreezeStatus, { color: string; label: string }> = {
  requested: { color: 'yellow', label: 'Waiting for approval' },
  approved: { color: 'blue', label: 'Approved' },
  declined: { color: 'gray', label: 'Declined' },
  ended: { color: 'teal', label: 'Ended early' },
  cancelled: { color: 'gray', label: 'Cancelled' },
};

/** "3 Mar 2027 – 12 Mar 2027 (10 days)". */
export const freezeSpan = (f: { start_date: string; end_date: string; days: number }) =>
  `${formatDay(f.start_date)} – ${formatDay(f.end_date)}` +
  (f.days > 0 ? ` (${f.days} ${f.days === 1 ? 'day' : 'days'})` : '');
