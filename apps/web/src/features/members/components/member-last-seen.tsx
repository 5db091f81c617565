import { Alert, Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconHistory } from '@tabler/icons-react';
import { memberSchema, type Member } from '@kora/shared';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { PersonAvatar } from '@/components/person-avatar';
import { lastSeenMember } from '@/features/offline';
import { NeedsConnection } from '@/components/needs-connection';
import { deskTime } from '@/lib/desk-format';
import { memberFullName } from '../member-format';
import { MemberInfo } from './member-info';
import { MemberStatusBadge } from './member-status-badge';

interface MemberLastSeenProps {
  id: number;
  /** The copy this tab already holds, with when it was loaded (ms), if any. */
  held?: { data: Member; at: number };
  /** Update Subscription: offline, a Cash payment. */
  onUpdateSubscription: (member: Member) => void;
}

/** This device's copy of the member, as the page last showed it online; undefined when none. */
const useSeenCopy = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['offline', 'member-seen', id],
    queryFn: async () => {
      const seen = await lastSeenMember(id);
      // A copy that no longer reads as a member (an older version of the app) is not shown.
      const parsed = seen ? memberSchema.safeParse(seen.data) : null;
      return parsed?.success ? { data: parsed.data, seen_at: seen!.seen_at } : null;
    },
    enabled: enabled && id > 0,
    networkMode: 'always',
  });

/**
 * Member details offline: the copy this device saw last, marked "As last seen at 07:41", with
 * Update Subscription (Cash); what needs the server (visits, card, links, history) says so. A
 * member never opened on this device: "Needs a connection".
 */
export function MemberLastSeen({ id, held, onUpdateSubscription }: MemberLastSeenProps) {
  const device = useSeenCopy(id, !held);
  const seen = held
    ? { data: held.data, seen_at: new Date(held.at).toISOString() }
    : (device.data ?? null);
  // Reading the device takes a moment: nothing flashes meanwhile.
  if (!held && device.isPending) return null;
  if (!seen)
    return (
      <>
        <PageHeader title="Member Details" />
        <NeedsConnection>This member was not opened on this device while online.</NeedsConnection>
      </>
    );
  const m = seen.data;
  const name = memberFullName(m);
  return (
    <Stack gap="md">
      <PageHeader title="Member Details" />
      <Alert color="yellow" icon={<IconHistory size={20} aria-hidden />} role="status" p="sm">
        <Text size="sm" fw={600}>
          As last seen at {deskTime(seen.seen_at)}
        </Text>
      </Alert>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="lg" padding="lg">
              <Stack gap={6} align="center">
                <PersonAvatar
                  picture={m.picture_url}
                  name={name}
                  first_name={m.first_name}
                  last_name={m.last_name}
                  size={96}
                />
                <Title order={3} fz="h4" ta="center" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
                <Text size="sm" c="dimmed">
                  Member ID: {m.member_id || 'Not assigned'}
                </Text>
                <MemberStatusBadge member={m} />
              </Stack>
            </Card>
            {m.is_active ? (
              <Button
                leftSection={<IconCreditCard size={16} aria-hidden />}
                onClick={() => onUpdateSubscription(m)}
              >
                Update Subscription
              </Button>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <MemberInfo member={m} />
            <NeedsConnection>
              Visits, the card, payment links and the history show once the connection is back.
            </NeedsConnection>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
