import { Group, Stack, Text } from '@mantine/core';
import { durationLabel, formatNaira, type Member } from '@kora/shared';
import { MEMBER_TEXTS } from '../member-form';
import { InfoCard } from './info-list';
import { MemberStatusBadge } from './member-status-badge';

/** The member's current plan: name, amount, duration and status; or No active subscription. */
export function MemberSubscriptionCard({ member }: { member: Member }) {
  const plan = member.subscription_type;
  if (!plan)
    return (
      <InfoCard title="Current Subscription">
        <Text size="sm" c="dimmed">
          {MEMBER_TEXTS.noSubscription}
        </Text>
      </InfoCard>
    );
  return (
    <InfoCard title="Current Subscription">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{plan.name}</Text>
          <MemberStatusBadge member={member} />
        </Group>
        <Group gap="lg">
          <Text size="sm">
            <Text span c="dimmed">
              Amount:{' '}
            </Text>
            {formatNaira(plan.amount)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Duration:{' '}
            </Text>
            {durationLabel(plan.duration, plan.duration_type)}
          </Text>
        </Group>
      </Stack>
    </InfoCard>
  );
}
