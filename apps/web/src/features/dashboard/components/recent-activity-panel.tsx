import { Anchor, Box, Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconActivity,
  IconCash,
  IconMessage,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { Activity, Dashboard } from '@kora/shared';
import { Link } from 'react-router';
import { activityParts } from '../activity-text';
import { lagosDateTime, timeAgo } from '../dashboard-format';
import { Panel } from './panel';

const KIND: Record<Activity['kind'], { icon: Icon; color: string }> = {
  payment: { icon: IconCash, color: 'teal' },
  member: { icon: IconUserPlus, color: 'blue' },
  message: { icon: IconMessage, color: 'violet' },
  team: { icon: IconUsers, color: 'orange' },
};

function ActivityItem({ activity, now }: { activity: Activity; now: Date }) {
  const { icon: KindIcon, color } = KIND[activity.kind];
  return (
    <Box component="li" py={8}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={28} radius="xl" variant="light" color={color}>
          <KindIcon size={16} aria-hidden />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {activityParts(activity).map((part, i) =>
              typeof part === 'string' ? (
                part
              ) : (
                <Anchor key={i} component={Link} to={part.to} fw={600} inherit>
                  {part.text}
                </Anchor>
              ),
            )}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={activity.at}
            title={lagosDateTime(activity.at)}
          >
            {timeAgo(activity.at, now)}
          </Text>
        </div>
      </Group>
    </Box>
  );
}

/** The latest payments, new members, messages and team changes, newest first. */
export function RecentActivityPanel({ data }: { data: Dashboard }) {
  const now = new Date();
  return (
    <Panel title="Recent Activity" icon={IconActivity}>
      {data.recent_activity.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet: payments, new members, messages and team changes show here.
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.recent_activity.map((a) => (
            <ActivityItem key={`${a.kind}-${a.id}`} activity={a} now={now} />
          ))}
        </Box>
      )}
    </Panel>
  );
}
