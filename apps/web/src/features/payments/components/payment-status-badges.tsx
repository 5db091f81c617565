import { Badge, Group } from '@mantine/core';
import { formatNaira, type Payment } from '@kora/shared';

type Status = Pick<Payment, 'voided' | 'refunded' | 'amount' | 'needs_confirmation'>;

/**
 * What a payment's state says beside it: "Voided"; "Refunded" when all of it went back, else
 * "Refunded ₦X"; "Unconfirmed" for a desk transfer not yet ticked against the bank statement.
 * A valid, confirmed payment shows nothing.
 */
const paymentStatusLabels = (p: Status): { label: string; color: string }[] => [
  ...(p.voided ? [{ label: 'Voided', color: 'red' }] : []),
  ...(p.refunded > 0
    ? [
        {
          label: p.refunded >= p.amount ? 'Refunded' : `Refunded ${formatNaira(p.refunded)}`,
          color: 'orange',
        },
      ]
    : []),
  ...(p.needs_confirmation && !p.voided ? [{ label: 'Unconfirmed', color: 'yellow' }] : []),
];

/** The payment's state badges (none for a valid, confirmed payment). */
export function PaymentStatusBadges({ payment }: { payment: Status }) {
  const labels = paymentStatusLabels(payment);
  if (labels.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {labels.map(({ label, color }) => (
        <Badge key={label} color={color} variant="light" style={{ flexShrink: 0 }}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}
