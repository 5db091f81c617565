import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { useDeviceVisits, type DeviceVisit } from '@/features/offline';
import { OFFLINE_TEXTS } from '@/lib/desk-format';
import { CHECK_IN_TEXTS } from '../check-in-format';
import { DESK_LIST_STYLE, VisitRow } from './person-line';

/** What each visit's state reads as. */
const STATE: Record<DeviceVisit['state'], { label: string; color: string }> = {
  waiting: { label: CHECK_IN_TEXTS.deviceVisitWaiting, color: 'yellow' },
  synced: { label: CHECK_IN_TEXTS.deviceVisitSynced, color: 'green' },
  attention: { label: OFFLINE_TEXTS.notAccepted, color: 'red' },
};

/**
 * Offline, in place of today's visits from the server: the visits recorded on this device today
 * (check-ins and day passes with a check-in), newest first, each waiting to sync or synced. The
 * others show once the connection is back.
 */
export function TodayOnDevice() {
  const visits = useDeviceVisits();
  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack p="md" pb="xs" gap={2}>
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="h4">
            Today
          </Title>
          {visits ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {visits.length} {visits.length === 1 ? 'visit' : 'visits'} on this device
            </Text>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" role="note">
          {CHECK_IN_TEXTS.deviceVisitsNote}
        </Text>
      </Stack>
      {visits && visits.length === 0 ? (
        <EmptyState
          p="xl"
          icon={IconDoorEnter}
          title={CHECK_IN_TEXTS.noDeviceVisits}
          text="Members you check in show here."
        />
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-label="Visits recorded on this device"
          style={DESK_LIST_STYLE}
        >
          {(visits ?? []).map((v) => (
            <DeviceVisitRow key={v.key} visit={v} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DeviceVisitRow({ visit }: { visit: DeviceVisit }) {
  const [first, ...rest] = visit.name.split(' ');
  const state = STATE[visit.state];
  return (
    <VisitRow
      visitedAt={visit.visited_at}
      person={{
        picture: visit.picture_url,
        name: visit.name,
        first_name: first ?? '',
        last_name: rest.join(' '),
      }}
      detail={visit.day_pass ? 'Day pass' : (visit.member_code ?? '')}
      badge={
        <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
          {state.label}
        </Badge>
      }
    />
  );
}
