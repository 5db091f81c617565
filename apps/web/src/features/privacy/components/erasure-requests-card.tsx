import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import { useErasureRequests } from '../api';

/**
 * "Erasure requests" on the dashboard (owners and admins): the members who asked to be erased
 * from their page, newest first, each linking to the member, where Erase member answers it.
 * Nothing shows while none waits.
 */
export function ErasureRequestsCard() {
  const manages = useCan('privacy.manage');
  const requests = useErasureRequests(1, manages);
  const rows = requests.data?.data ?? [];
  if (!manages || rows.length === 0) return null;
  const total = requests.data?.meta.total ?? rows.length;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Erasure requests">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          Erasure requests
        </Title>
        <Text size="sm" c="dimmed">
          {total === 1 ? 'A member asked' : `${total} members asked`} to have their personal data
          erased. Open the member, then Erase member.
        </Text>
        {rows.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/members/${r.member}`} size="sm" fw={600}>
              {r.member_name} ({r.member_id})
            </Anchor>
            <Text size="sm" c="dimmed">
              asked on {formatDate(r.created_at)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
