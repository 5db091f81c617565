import { Stack, Table, Text } from '@mantine/core';
import { formatNaira, type Payment } from '@kora/shared';
import { planTypeLabel } from '@/features/subscription-plans';
import { MemberCell } from '@/features/subscriptions';
import { formatDateTime } from '@/lib/format';
import { paymentDurationLabel } from '../payment-format';
import { MethodBadge } from './method-badge';

export interface PaymentRowsProps {
  payments: Payment[];
  /** Plan period lengths by plan id, for the Duration column. */
  planDurations: Map<number, number>;
}

/** The payments table (spec 02 §2). Rows do not open anything. */
export function PaymentsTable({ payments, planDurations }: PaymentRowsProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Purpose</Table.Th>
            <Table.Th>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td maw={260}>
                <MemberCell member={p.member} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {p.subscription_type.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {planTypeLabel(p.subscription_type.is_grouped)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(p.amount)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {paymentDurationLabel(p, planDurations.get(p.subscription_type_id))}
                </Text>
              </Table.Td>
              <Table.Td>
                <MethodBadge method={p.method} />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2}>
                  {p.purpose}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(p.created_at)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
