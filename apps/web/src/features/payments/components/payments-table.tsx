import { planTypeLabel } from '@kora/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import type { Payment } from '@kora/shared';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { NowrapText, memberPlanColumns } from '@/components/list';
import { MemberCell } from '@/features/members';
import { formatDateTime } from '@/lib/format';
import { paymentDurationLabel } from '../payment-format';
import { MethodBadge } from './method-badge';
import { PaymentStatusBadges } from './payment-status-badges';

export interface PaymentRowsProps {
  payments: Payment[];
  /** Plan period lengths by plan id, for the Duration column. */
  planDurations: Map<number, number>;
  /** A payment's details page (the row opens it). */
  pathOf: (payment: Payment) => string;
  /** Opens a payment's details page. */
  onOpen: (payment: Payment) => void;
}

/** The receipt number, a link to the payment's page, over the payment's state badges. */
function ReceiptCell({ payment, to }: { payment: Payment; to: string }) {
  return (
    <Stack gap={4} align="flex-start">
      <Anchor
        component={Link}
        to={to}
        size="sm"
        fw={600}
        ff="monospace"
        style={{ whiteSpace: 'nowrap' }}
        // The row opens the same page: one navigation.
        onClick={(e) => e.stopPropagation()}
      >
        {payment.receipt_number}
      </Anchor>
      <PaymentStatusBadges payment={payment} />
    </Stack>
  );
}

const columns = (
  planDurations: Map<number, number>,
  pathOf: (p: Payment) => string,
): Column<Payment>[] => [
  { header: 'Receipt', cell: (p) => <ReceiptCell payment={p} to={pathOf(p)} /> },
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
    visibleFrom: 'xl',
    cell: (p) => (
      <Text size="sm" lineClamp={2}>
        {p.purpose}
      </Text>
    ),
  },
  { header: 'Date', cell: (p) => <NowrapText>{formatDateTime(p.created_at)}</NowrapText> },
];

/** The payments table: a row opens the payment's page; a voided payment is struck through. */
export function PaymentsTable({ payments, planDurations, pathOf, onOpen }: PaymentRowsProps) {
  return (
    <DataTable
      rows={payments}
      columns={columns(planDurations, pathOf)}
      minWidth={860}
      onRowClick={onOpen}
      isStruck={(p) => p.voided}
    />
  );
}
