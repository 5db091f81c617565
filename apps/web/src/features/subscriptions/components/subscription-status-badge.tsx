import { Badge } from '@mantine/core';
import type { Subscription } from '@kora/shared';
import { STATUS_COLORS, displayStatus } from '../subscription-status';

/** Active, Upcoming, Expiring Soon (warning colour), Expired or Inactive. */
export function SubscriptionStatusBadge({
  subscription,
  today,
}: {
  subscription: Subscription;
  today: string;
}) {
  const status = displayStatus(subscription, today);
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {status}
    </Badge>
  );
}
