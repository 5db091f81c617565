import type { Member } from '@kora/shared';
import { StateBadge } from '@/components/state-badge';

/**
 * A member's status: Deactivated (grey) for an account the gym deactivated, whatever their
 * subscription says; Frozen (blue) while a freeze covers today; otherwise the subscription
 * status label, green when active (status 1), otherwise red.
 */
export function MemberStatusBadge({
  member,
}: {
  member: Pick<Member, 'is_active' | 'subscription_status' | 'subscription_status_label'> &
    Partial<Pick<Member, 'frozen_until'>>;
}) {
  if (!member.is_active) return <StateBadge color="gray" label="Deactivated" />;
  if (member.frozen_until) return <StateBadge color="blue" label="Frozen" />;
  const active = member.subscription_status === 1;
  return <StateBadge color={active ? 'green' : 'red'} label={member.subscription_status_label} />;
}
