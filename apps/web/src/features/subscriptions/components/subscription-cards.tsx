import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDay, formatNaira } from '@kora/shared';
import { subscriptionDurationLabel } from '../subscription-status';
import { MemberCell } from './member-cell';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import type { SubscriptionRowsProps } from './subscriptions-table';

/** The subscriptions on a phone: one card each, the same facts as the table's columns. */
export function SubscriptionCards({ subscriptions, today }: SubscriptionRowsProps) {
  return (
    <Stack gap="xs" px="md" pb="xs">
      {subscriptions.map((s) => (
        <Paper key={s.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <MemberCell member={s.member} />
            </div>
            <SubscriptionStatusBadge subscription={s} today={today} />
          </Group>
          <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {s.subscription_type.name} · {subscriptionDurationLabel(s)}
            </Text>
            <Text size="sm" fw={800} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(s.subscription_amount)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {formatDay(s.start_date)} to {formatDay(s.expiry_date)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
