import { formatNaira } from '@kora/shared';
import { formatDateTime } from '@/lib/format';

/**
 * What a cash-up's difference (counted − expected, naira) says: short in red, over in amber,
 * balanced in green. "Short ₦500", "Over ₦1,200", "Balanced".
 */
export const differenceBadge = (difference: number): { label: string; color: string } => {
  // Kobo are whole: a difference under half a kobo is a rounding of naira, not money.
  if (Math.abs(difference) < 0.005) return { label: 'Balanced', color: 'green' };
  return difference < 0
    ? { label: `Short ${formatNaira(-difference)}`, color: 'red' }
    : { label: `Over ${formatNaira(difference)}`, color: 'yellow' };
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface ExpectedCounts {
  since: string | null;
  cash_payments: number;
  cash_payments_total: number;
  cash_refunds: number;
  cash_refunds_total: number;
}

/**
 * Where the expected cash comes from: "3 cash payments (₦75,000) less 1 cash refund (₦5,000)
 * since 27 Nov 2026, 08:00, your last cash-up." With no cash-up yet it counts from the start.
 */
export const expectedBasis = (e: ExpectedCounts): string => {
  const payments = `${plural(e.cash_payments, 'cash payment', 'cash payments')} (${formatNaira(e.cash_payments_total)})`;
  const refunds =
    e.cash_refunds > 0
      ? ` less ${plural(e.cash_refunds, 'cash refund', 'cash refunds')} (${formatNaira(e.cash_refunds_total)})`
      : '';
  const since = e.since
    ? ` since ${formatDateTime(e.since)}, your last cash-up.`
    : ' recorded by you: this is your first cash-up.';
  return payments + refunds + since;
};

export const CASH_UP_TEXTS = {
  title: 'Cash-up',
  description: 'Count the cash in your drawer at the end of your shift and record it here.',
  drawerTitle: 'Your drawer',
  expectedLabel: 'Expected cash',
  expectedFailed: 'An error occurred while working out your expected cash.',
  countedRequired: 'Enter the cash you counted',
  recordFailed: 'The cash-up could not be recorded. Please try again.',
  recorded: 'Cash-up recorded',
  listTitle: 'Cash-ups',
  ownListTitle: 'Your cash-ups',
  listFailed: 'An error occurred while fetching cash-ups.',
  none: 'No cash-up has been recorded yet.',
  noMatch: 'No cash-ups match your filters',
  weekTitle: 'Week',
  weekFailed: 'An error occurred while fetching the week.',
  weekNone: 'No cash-up was recorded this week.',
} as const;
