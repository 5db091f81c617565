import { Card, Group, Text, Title } from '@mantine/core';
import { formatDay, formatNaira, type PaymentDetails } from '@kora/shared';
import { formatDateTime } from '@/lib/format';
import { RuledItem, RuledList } from './ruled-list';

type Refund = PaymentDetails['refunds'][number];

/** What the refund did to the subscription the payment bought. */
const refundSubscriptionText = (r: Pick<Refund, 'subscription_action' | 'new_expiry_date'>) =>
  r.subscription_action === 'end'
    ? 'Subscription ended'
    : r.subscription_action === 'shorten' && r.new_expiry_date
      ? `Subscription shortened to ${formatDay(r.new_expiry_date)}`
      : 'Subscription kept';

/** The refunds of a payment, oldest first: amount, how, why, by whom and when. */
export function RefundsCard({ payment }: { payment: PaymentDetails }) {
  if (payment.refunds.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Refunds">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h5">
          Refunds
        </Title>
        <Text size="sm" fw={600}>
          {formatNaira(payment.refunded)} of {formatNaira(payment.amount)}
        </Text>
      </Group>
      <RuledList>
        {payment.refunds.map((r) => (
          <RuledItem key={r.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={700}>
                {formatNaira(r.amount)} by {r.method}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.created_at)}
              </Text>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.reason}
            </Text>
            <Text size="xs" c="dimmed">
              {refundSubscriptionText(r)}
              {r.recorded_by_name ? ` · by ${r.recorded_by_name}` : ''}
            </Text>
          </RuledItem>
        ))}
      </RuledList>
    </Card>
  );
}
