import { Badge } from '@mantine/core';
import type { Member } from '@kora/shared';

/** The subscription status label: green when active (status 1), otherwise red. */
export function MemberStatusBadge({
  member,
}: {
  member: Pick<Member, 'subscription_status' | 'subscription_status_label'>;
}) {
  const active = member.subscription_status === 1;
  return (
    <Badge color={active ? 'green' : 'red'} variant="light" style={{ flexShrink: 0 }}>
      {member.subscription_status_label}
    </Badge>
  );
}
