import type { SubscriptionSummary } from '@kora/shared';
import { StatGrid, countStat } from '@/components/stat-grid';
import { useSubscriptionSummary } from '../api';

/**
 * Overdue is the expired count. Upcoming (renewals paid in advance, starting after today) is
 * not part of Active.
 */
const CARDS: { key: keyof SubscriptionSummary; label: string; hint: string; color: string }[] = [
  { key: 'active', label: 'Active', hint: 'Running today', color: 'green' },
  { key: 'upcoming', label: 'Upcoming', hint: 'Paid ahead, starting later', color: 'blue' },
  { key: 'expiring', label: 'Expiring', hint: 'Ending within 7 days', color: 'orange' },
  { key: 'expired', label: 'Expired', hint: 'Ended before today', color: 'red' },
  { key: 'expired', label: 'Overdue', hint: 'Same count as Expired', color: 'red' },
];

/** The subscription counts, from GET /v1/subscription/summary. */
export function SubscriptionStats() {
  const summary = useSubscriptionSummary();
  return (
    <StatGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      loading={summary.isLoading}
      stats={CARDS.map(({ key, label, hint, color }) => ({
        label,
        hint,
        labelColor: color,
        ...countStat(summary.data?.[key]),
      }))}
    />
  );
}
