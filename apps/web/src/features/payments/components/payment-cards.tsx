import { planTypeLabel } from '@kora/shared';
import { AmountText, MemberItemCards } from '@/components/list';
import { MemberCell } from '@/features/members';
import { formatDateTime } from '@/lib/format';
import { paymentDurationLabel } from '../payment-format';
import { MethodBadge } from './method-badge';
import type { PaymentRowsProps } from './payments-table';

/** The payments on a phone: one card each, the same facts as the table's columns. */
export function PaymentCards({ payments, planDurations }: PaymentRowsProps) {
  return (
    <MemberItemCards
      rows={payments}
      MemberCell={MemberCell}
      card={(p) => ({
        corner: <AmountText amount={p.amount} fw={800} />,
        line: `${p.subscription_type.name} · ${planTypeLabel(p.subscription_type.is_grouped)} · ${paymentDurationLabel(p, planDurations.get(p.subscription_type_id))}`,
        aside: <MethodBadge method={p.method} />,
        footer: `${formatDateTime(p.created_at)} · ${p.purpose}`,
        truncateFooter: true,
      })}
    />
  );
}
