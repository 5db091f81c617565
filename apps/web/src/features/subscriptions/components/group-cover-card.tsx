import { Card, Stack, Text, Title } from '@mantine/core';
import { longDay, memberName, useMemberCover } from '../group-cover';

/**
 * A member's group cover on their details: who covers them ("Covered by Ada Obi's group plan
 * until 12 March 2027"), and whom their own group plan covers. Nothing when neither.
 */
export function GroupCoverCard({ memberId }: { memberId: number }) {
  const running = useMemberCover(memberId).data ?? [];
  const coveredBy = running.filter((s) => s.covered_by);
  const covering = running.filter((s) => s.covered_members.length > 0);
  if (coveredBy.length === 0 && covering.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="group-cover">
      <Title order={3} fz="h5" mb="sm">
        Group Cover
      </Title>
      <Stack gap={4}>
        {coveredBy.map((s) => (
          <Text size="sm" key={`by-${s.id}`}>
            Covered by {memberName(s.covered_by!.member)}&apos;s group plan until{' '}
            {longDay(s.expiry_date)}
          </Text>
        ))}
        {covering.map((s) => (
          <Text size="sm" key={`covers-${s.id}`}>
            Their group plan {s.subscription_type.name} also covers{' '}
            {s.covered_members.map(memberName).join(', ')} until {longDay(s.expiry_date)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
