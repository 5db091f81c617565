import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatDay, formatNaira, type RecordedPayment } from '@kora/shared';
import { fullName } from '@/lib/format';
import { PAYMENT_TEXTS } from '../payment-form';

/**
 * The confirmation after a payment: amount, member, the subscription's new expiry date, and the
 * other members a group plan covers.
 */
export function PaymentSuccess({
  payment,
  onClose,
}: {
  payment: RecordedPayment;
  onClose: () => void;
}) {
  const { subscription } = payment;
  return (
    <Stack gap="md">
      <Alert
        color="green"
        variant="light"
        title={PAYMENT_TEXTS.recordedTitle}
        icon={<IconCircleCheck size={20} aria-hidden />}
        role="status"
      >
        <Stack gap={4}>
          <Text size="sm">
            <strong>{formatNaira(payment.amount)}</strong> received from{' '}
            <strong>{fullName(payment.member.first_name, payment.member.last_name)}</strong> (
            {payment.method}) for {payment.subscription_type.name}.
          </Text>
          <Text size="sm">
            New expiry date: <strong>{formatDay(subscription.expiry_date)}</strong>
          </Text>
          <Text size="xs" c="dimmed">
            Subscription runs {formatDay(subscription.start_date)} to{' '}
            {formatDay(subscription.expiry_date)}.
          </Text>
          {payment.covered_members.length > 0 ? (
            <Text size="sm">
              Also covers{' '}
              {payment.covered_members.map((m) => fullName(m.first_name, m.last_name)).join(', ')}{' '}
              for the same period.
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
