import { planTypeLabel } from '@kora/shared';
import { Text } from '@mantine/core';
import type { Payment } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { NowrapText, memberPlanColumns } from '@/components/list';
import { MemberCell } from '@/features/members';
import { formatDateTime } from '@/lib/format';
import { paymentDurationLabel } from '../payment-format';
import { MethodBadge } from './method-badge';

export interface PaymentRowsProps {
  payments: Payment[];
  /** Plan period lengths by plan id, for the Duration column. */
  planDurations: Map<number, number>;
}

const columns = (planDurations: Map<number, number>): Column<Payment>[] => [
  ...memberPlanColumns<Payment>({ MemberCell, planTypeLabel }, (p) => p.amount),
  {
    header: 'Duration',
    cell: (p) => (
      <Text size="sm">{paymentDurationLabel(p, planDurations.get(p.subscription_type_id))}</Text>
    ),
  },
  { header: 'Method', cell: (p) => <MethodBadge method={p.method} /> },
  {
    header: 'Purpose',
    maw: 220,
    cell: (p) => (
      <Text size="sm" lineClamp={2}>
        {p.purpose}
      </Text>
    ),
  },
  { header: 'Date', cell: (p) => <NowrapText>{formatDateTime(p.created_at)}</NowrapText> },
];

/** The payments table. Rows do not open anything. */
export function PaymentsTable({ payments, planDurations }: PaymentRowsProps) {
  return <DataTable rows={payments} columns={columns(planDurations)} minWidth={960} />;
}
