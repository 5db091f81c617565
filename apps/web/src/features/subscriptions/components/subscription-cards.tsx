import { formatDay } from '@kora/shared';
import { MemberItemCards } from '@/components/list';
import { MemberCell } from '@/features/members';
import { subscriptionDurationLabel } from '../subscription-status';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { SubscriptionAmount, type SubscriptionRowsProps } from './subscriptions-table';

/** The subscriptions on a phone: one card each, the same facts as the table's columns. */
export function SubscriptionCards({ subscriptions, today }: SubscriptionRowsProps) {
  return (
    <MemberItemCards
      rows={subscriptions}
      MemberCell={MemberCell}
      card={(s) => ({
        corner: <SubscriptionStatusBadge subscription={s} today={today} />,
        line: `${s.subscription_type.name} · ${subscriptionDurationLabel(s)}`,
        aside: <SubscriptionAmount subscription={s} fw={800} />,
        footer: `${formatDay(s.start_date)} to ${formatDay(s.expiry_date)}`,
      })}
    />
  );
}
