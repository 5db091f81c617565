import { Group } from '@mantine/core';
import { planTypeLabel } from '@kora/shared';
import { AmountText, MemberItemCards } from '@/components/list';
import { MemberCell } from '@/features/members';
import { formatDateTime } from '@/lib/format';
import { paymentDurationLabel } from '../payment-format';
import { MethodBadge } from './method-badge';
import { PaymentStatusBadges } from './payment-status-badges';
import type { PaymentRowsProps } from './payments-table';

/**
 * The payments on a phone: one card each, the same facts as the table's columns; a card opens
 * the payment's page, a voided payment's card is struck through.
 */
export function PaymentCards({ payments, planDurations, onOpen }: PaymentRowsProps) {
  return (
    <MemberItemCards
      rows={payments}
      MemberCell={MemberCell}
      card={(p) => ({
        corner: <AmountText amount={p.amount} fw={800} />,
        line: `${p.receipt_number} · ${p.subscription_type.name} · ${planTypeLabel(p.subscription_type.is_grouped)} · ${paymentDurationLabel(p, planDurations.get(p.subscription_type_id))}`,
        aside: (
          <Group gap={4} wrap="nowrap">
            <PaymentStatusBadges payment={p} />
            <MethodBadge method={p.method} />
          </Group>
        ),
        footer: `${formatDateTime(p.created_at)} · ${p.purpose}`,
        truncateFooter: true,
        struck: p.voided,
        onOpen: () => onOpen(p),
      })}
    />
  );
}
