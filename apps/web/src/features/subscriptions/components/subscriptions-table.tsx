import { Text } from '@mantine/core';
import { formatDay, planTypeLabel, type Subscription } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { AmountText, NowrapText, memberPlanColumns } from '@/components/list';
import { MemberCell } from '@/features/members';
import { subscriptionDurationLabel } from '../subscription-status';
import { SubscriptionStatusBadge } from './subscription-status-badge';

export interface SubscriptionRowsProps {
  subscriptions: Subscription[];
  /** Today in Lagos (YYYY-MM-DD), for the status. */
  today: string;
}

/**
 * What was paid; a subscription imported with its member (from a spreadsheet) was not paid in
 * Kora and says so instead of ₦0, and a member covered by someone else's group plan paid
 * nothing themselves (the payer's row holds the amount).
 */
export function SubscriptionAmount({
  subscription: s,
  fw,
}: {
  subscription: Subscription;
  fw?: number;
}) {
  return s.covered_by ? (
    <Text size="sm" c="dimmed">
      Group cover
    </Text>
  ) : s.payment_id === null ? (
    <Text size="sm" c="dimmed">
      Imported
    </Text>
  ) : (
    <AmountText amount={s.subscription_amount} fw={fw} />
  );
}

const columns = (today: string): Column<Subscription>[] => [
  ...memberPlanColumns<Subscription>(
    { MemberCell, planTypeLabel },
    (s) => s.subscription_amount,
  ).map((column) =>
    column.header === 'Amount'
      ? { ...column, cell: (s: Subscription) => <SubscriptionAmount subscription={s} /> }
      : column,
  ),
  { header: 'Duration', cell: (s) => <Text size="sm">{subscriptionDurationLabel(s)}</Text> },
  { header: 'Start Date', cell: (s) => <NowrapText>{formatDay(s.start_date)}</NowrapText> },
  { header: 'Expiry Date', cell: (s) => <NowrapText>{formatDay(s.expiry_date)}</NowrapText> },
  {
    header: 'Status',
    cell: (s) => <SubscriptionStatusBadge subscription={s} today={today} />,
  },
];

/** The subscriptions table. Rows do not open anything. */
export function SubscriptionsTable({ subscriptions, today }: SubscriptionRowsProps) {
  return <DataTable rows={subscriptions} columns={columns(today)} minWidth={920} />;
}
