import { Text } from '@mantine/core';
import { formatDay, type Subscription } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { NowrapText, memberPlanColumns } from '@/components/list';
import { MemberCell } from '@/features/members';
import { planTypeLabel } from '@/features/subscription-plans';
import { subscriptionDurationLabel } from '../subscription-status';
import { SubscriptionStatusBadge } from './subscription-status-badge';

export interface SubscriptionRowsProps {
  subscriptions: Subscription[];
  /** Today in Lagos (YYYY-MM-DD), for the status. */
  today: string;
}

const columns = (today: string): Column<Subscription>[] => [
  ...memberPlanColumns<Subscription>({ MemberCell, planTypeLabel }, (s) => s.subscription_amount),
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
