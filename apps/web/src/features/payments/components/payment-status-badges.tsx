import { Badge, Group } from '@mantine/core';
import { formatNaira, type Payment } from '@kora/shared';

type Status = Pick<Payment, 'voided' | 'refunded' | 'amount' | 'needs_confirmation'> &
  Partial<Pick<Payment, 'discount' | 'paid_on_source'>>;

/**
 * What a payment's state says beside it: "Voided"; "Refunded" when all of it went back, else
 * "Refunded ₦X"; "Unconfirmed" for a desk transfer not yet ticked against the bank statement.
 * "Discount ₦X" for a discounted one, "Dated earlier" when an owner or admin entered the day
 * paid. A valid, confirmed payment at its price shows nothing.
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
  ...(p.discount ? [{ label: `Discount ${formatNaira(p.discount.amount)}`, color: 'grape' }] : []),
  ...(p.paid_on_source === 'entered' ? [{ label: 'Dated earlier', color: 'gray' }] : []),
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
