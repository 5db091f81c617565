import { formatDay } from '@kora/shared';
import { subscriptionDurationLabel } from '../subscription-status';
import { AmountText } from './list-columns';
import { MemberItemCards } from './member-item-cards';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import type { SubscriptionRowsProps } from './subscriptions-table';

/** The subscriptions on a phone: one card each, the same facts as the table's columns. */
export function SubscriptionCards({ subscriptions, today }: SubscriptionRowsProps) {
  return (
    <MemberItemCards
      rows={subscriptions}
      card={(s) => ({
        corner: <SubscriptionStatusBadge subscription={s} today={today} />,
        line: `${s.subscription_type.name} · ${subscriptionDurationLabel(s)}`,
        aside: <AmountText amount={s.subscription_amount} fw={800} />,
        footer: `${formatDay(s.start_date)} to ${formatDay(s.expiry_date)}`,
      })}
    />
  );
}
