import { Group, Stack, Text } from '@mantine/core';
import { formatNaira, type Member } from '@kora/shared';
import { formatDateTime, formatPhone, lastVisitText } from '@/lib/format';
import { memberFullName } from '../member-format';
import { MemberAvatar } from './member-avatar';

/**
 * Name column: picture or placeholder, the name, and the member ID or No ID (a deactivated
 * account says so in its status badge).
 */
export function MemberNameCell({ member }: { member: Member }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <MemberAvatar member={member} size={40} style={{ flexShrink: 0 }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {memberFullName(member)}
        </Text>
        <Text size="xs" c="dimmed">
          {member.member_id || 'No ID'}
        </Text>
      </Stack>
    </Group>
  );
}

export function MemberContactCell({ member }: { member: Member }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{formatPhone(member.mobile_number)}</Text>
      {member.email_address ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email_address}
        </Text>
      ) : null}
    </Stack>
  );
}

export const memberLocation = (m: Member) => [m.city, m.state].filter(Boolean).join(', ');

/**
 * Subscription column: plan name and amount, or No Subscription and N/A. A plan chosen when the
 * member joined and never paid for shows Not paid yet in place of a price.
 */
export function MemberPlanCell({ member }: { member: Member }) {
  const plan = member.subscription_type;
  return (
    <Stack gap={0}>
      <Text size="sm">{plan ? plan.name : 'No Subscription'}</Text>
      <Text size="xs" c="dimmed">
        {!plan
          ? 'N/A'
          : member.subscription_status === 0
            ? 'Not paid yet'
            : formatNaira(plan.amount)}
      </Text>
    </Stack>
  );
}

/**
 * When the member last came: "Today", "3 days ago" or "Never", the day and time on hover; on a
 * phone card (`labelled`) with the words "Last visit" under it.
 */
export function LastVisitCell({ member, labelled }: { member: Member; labelled?: boolean }) {
  return (
    <Stack gap={0}>
      <Text
        size="sm"
        title={member.last_visit_at ? formatDateTime(member.last_visit_at) : undefined}
      >
        {lastVisitText(member.last_visit_at)}
      </Text>
      {labelled ? (
        <Text size="xs" c="dimmed">
          Last visit
        </Text>
      ) : null}
    </Stack>
  );
}
