import { Button, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePaystackConnection } from '../api';
import { useHeldPaymentsReview } from './use-held-payments-review';

/** "3 payments received online need your attention". */
const heldTaskText = (n: number) =>
  n === 1
    ? '1 payment received online needs your attention'
    : `${n.toLocaleString('en-NG')} payments received online need your attention`;

/**
 * The dashboard's task while Paystack payments wait for staff (a member paid but the payment
 * could not be applied by itself): Review opens the list of them.
 */
export function HeldPaymentsTask() {
  const held = usePaystackConnection().data?.held_payments ?? 0;
  const review = useHeldPaymentsReview();
  // The review stays open while the count drops to 0 as payments are resolved.
  return (
    <>
      {held > 0 ? (
        <Card withBorder radius="lg" padding="md" bg="var(--mantine-color-orange-light)">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon color="orange" variant="light" radius="xl" size={36}>
                <IconAlertTriangle size={20} aria-hidden />
              </ThemeIcon>
              <Text fw={600} size="sm">
                {heldTaskText(held)}
              </Text>
            </Group>
            <Button color="orange" onClick={review.open}>
              Review
            </Button>
          </Group>
        </Card>
      ) : null}
      {review.modal}
    </>
  );
}
