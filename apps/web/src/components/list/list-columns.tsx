import { Stack, Text } from '@mantine/core';
import { formatNaira, type PaymentMember } from '@kora/shared';
import type { ComponentType } from 'react';
import type { Column } from '@/components/data-table';

/** A subscription or a payment: a member's purchase of a plan. */
export interface MemberPlanRow {
  id: number;
  member: PaymentMember;
  subscription_type: { name: string; is_grouped: number | boolean };
  /** A group plan's payment or paid subscription: the other members it covers. */
  covered_members?: PaymentMember[];
  /** A member covered by someone else's group plan: the payer. */
  covered_by?: { member: PaymentMember } | null;
}

const nameOf = (m: PaymentMember) => `${m.first_name} ${m.last_name}`.trim();

/**
 * Who else a group plan's row concerns, in a line: "Covered by Ada Obi", "With Ngozi Eze" or
 * "With Ngozi Eze and 2 others"; null for an individual plan's row.
 */
export const groupLine = (row: Pick<MemberPlanRow, 'covered_members' | 'covered_by'>) => {
  if (row.covered_by) return `Covered by ${nameOf(row.covered_by.member)}`;
  const others = row.covered_members ?? [];
  if (others.length === 0) return null;
  const rest = others.length - 1;
  return `With ${nameOf(others[0]!)}${rest > 0 ? ` and ${rest} other${rest === 1 ? '' : 's'}` : ''}`;
};

/** What the lists show of a row's member and plan, given by the features that know them. */
export interface MemberPlanParts {
  /** The row's member: picture (or initials), name and e-mail. */
  MemberCell: ComponentType<{ member: PaymentMember }>;
  /** The plan's type under its name: "Individual" or "Group". */
  planTypeLabel: (isGrouped: number | boolean) => string;
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
  { MemberCell, planTypeLabel }: MemberPlanParts,
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
        {groupLine(row) ? (
          <Text
            size="xs"
            c="dimmed"
            title={(row.covered_members ?? []).map(nameOf).join(', ') || undefined}
          >
            {groupLine(row)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { header: 'Amount', cell: (row) => <AmountText amount={amount(row)} /> },
];
