import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatNaira } from '@kora/shared';
import { planTypeLabel } from '@/features/subscription-plans';
import { MemberCell } from '@/features/subscriptions';
import { formatDateTime } from '@/lib/format';
import { paymentDurationLabel } from '../payment-format';
import { MethodBadge } from './method-badge';
import type { PaymentRowsProps } from './payments-table';

/** The payments on a phone: one card each, the same facts as the table's columns. */
export function PaymentCards({ payments, planDurations }: PaymentRowsProps) {
  return (
    <Stack gap="xs" px="md" pb="xs">
      {payments.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <MemberCell member={p.member} />
            </div>
            <Text fw={800} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(p.amount)}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {p.subscription_type.name} · {planTypeLabel(p.subscription_type.is_grouped)} ·{' '}
              {paymentDurationLabel(p, planDurations.get(p.subscription_type_id))}
            </Text>
            <MethodBadge method={p.method} />
          </Group>
          <Text size="xs" c="dimmed" mt={4} truncate>
            {formatDateTime(p.created_at)} · {p.purpose}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
