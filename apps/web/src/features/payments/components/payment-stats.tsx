import { formatNaira, type PaymentSummary } from '@kora/shared';
import { StatGrid } from '@/components/stat-grid';
import { usePaymentSummary } from '../api';

const CARDS: { key: keyof PaymentSummary; label: string; hint: string }[] = [
  { key: 'count', label: 'Total', hint: 'Payments recorded' },
  { key: 'this_month', label: 'Month', hint: 'Received this month' },
  { key: 'today', label: 'Today', hint: 'Received today' },
  { key: 'year_to_date', label: 'YTD Revenue', hint: 'Since 1 January' },
  { key: 'average', label: 'Average', hint: 'Per payment' },
];

const show = (key: keyof PaymentSummary, value: number | null) =>
  key === 'count' ? (value ?? 0).toLocaleString('en-NG') : formatNaira(value);

/**
 * The payments summary cards, computed by the server over all payments, not the page shown. The
 * naira cards show only when the server sends them (staff see them when the owner allows it).
 */
export function PaymentStats() {
  const summary = usePaymentSummary();
  const data = summary.data;
  const revenueHidden = data?.this_month === null;
  const cards = revenueHidden ? CARDS.filter((c) => c.key === 'count') : CARDS;
  return (
    <StatGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      loading={summary.isLoading}
      wide
      stats={cards.map(({ key, label, hint }) => ({
        label,
        hint,
        value: data ? show(key, data[key]) : undefined,
      }))}
    />
  );
}
