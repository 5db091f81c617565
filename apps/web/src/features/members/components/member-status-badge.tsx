import { Badge } from '@mantine/core';
import type { Member } from '@kora/shared';

/**
 * A member's status: Deactivated (grey) for an account the gym deactivated, whatever their
 * subscription says; otherwise the subscription status label, green when active (status 1),
 * otherwise red.
 */
export function MemberStatusBadge({
  member,
}: {
  member: Pick<Member, 'is_active' | 'subscription_status' | 'subscription_status_label'>;
}) {
  if (!member.is_active)
    return (
      <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
        Deactivated
      </Badge>
    );
  const active = member.subscription_status === 1;
  return (
    <Badge color={active ? 'green' : 'red'} variant="light" style={{ flexShrink: 0 }}>
      {member.subscription_status_label}
    </Badge>
  );
}
