import { Stack, Text } from '@mantine/core';
import { formatNaira, type PaymentMember } from '@kora/shared';
import type { Column } from '@/components/data-table';
import { planTypeLabel } from '@/features/subscription-plans';
import { MemberCell } from './member-cell';

/** A subscription or a payment: a member's purchase of a plan. */
export interface MemberPlanRow {
  id: number;
  member: PaymentMember;
  subscription_type: { name: string; is_grouped: number | boolean };
}

/** An amount in naira, bold and on one line. */
export function AmountText({ amount, fw = 700 }: { amount: number; fw?: number }) {
  return (
    <Text size="sm" fw={fw} style={{ whiteSpace: 'nowrap' }}>
      {formatNaira(amount)}
    </Text>
  );
}

/** Text on one line (dates). */
export function NowrapText({ children }: { children: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** The Member, Plan and Amount columns that the subscriptions and payments tables begin with. */
export const memberPlanColumns = <T extends MemberPlanRow>(
  amount: (row: T) => number,
): Column<T>[] => [
  { header: 'Member', maw: 260, cell: (row) => <MemberCell member={row.member} /> },
  {
    header: 'Plan',
    cell: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.subscription_type.name}
        </Text>
        <Text size="xs" c="dimmed">
          {planTypeLabel(row.subscription_type.is_grouped)}
        </Text>
      </Stack>
    ),
  },
  { header: 'Amount', cell: (row) => <AmountText amount={amount(row)} /> },
];
