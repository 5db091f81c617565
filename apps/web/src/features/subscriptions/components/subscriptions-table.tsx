import { Stack, Table, Text } from '@mantine/core';
import { formatDay, formatNaira, type Subscription } from '@kora/shared';
import { planTypeLabel } from '@/features/subscription-plans';
import { subscriptionDurationLabel } from '../subscription-status';
import { MemberCell } from './member-cell';
import { SubscriptionStatusBadge } from './subscription-status-badge';

export interface SubscriptionRowsProps {
  subscriptions: Subscription[];
  /** Today in Lagos (YYYY-MM-DD), for the status. */
  today: string;
}

/** The subscriptions table (spec 02 §2). Rows do not open anything. */
export function SubscriptionsTable({ subscriptions, today }: SubscriptionRowsProps) {
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Start Date</Table.Th>
            <Table.Th>Expiry Date</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td maw={260}>
                <MemberCell member={s.member} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {s.subscription_type.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {planTypeLabel(s.subscription_type.is_grouped)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(s.subscription_amount)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{subscriptionDurationLabel(s)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(s.start_date)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(s.expiry_date)}
                </Text>
              </Table.Td>
              <Table.Td>
                <SubscriptionStatusBadge subscription={s} today={today} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
