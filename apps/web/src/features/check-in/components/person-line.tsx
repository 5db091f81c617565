import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PersonAvatar } from '@/components/person-avatar';
import { fullName } from '@/lib/format';
import { lagosTime } from '../check-in-format';

/** Whom a row of the desk's lists shows: their picture, name and names for the initials. */
interface RowPerson {
  picture: string | null | undefined;
  name: string;
  first_name: string;
  last_name: string;
}

/** A member as the desk shows them (their avatar, their full name). */
export const memberAsPerson = (m: {
  first_name: string;
  last_name: string;
  picture_url: string | null;
}): RowPerson => ({
  picture: m.picture_url,
  name: fullName(m.first_name, m.last_name),
  first_name: m.first_name,
  last_name: m.last_name,
});

/** The desk's lists (visits, members found): no bullets, rows edge to edge. */
export const DESK_LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * A person in one of the desk's lists: their picture, their name and a dimmed line under it
 * (`detail`), then whatever else the row says of them (`children`). A long name wraps (two lines
 * at most) rather than being cut on a phone.
 */
export function PersonLine({
  person,
  avatarSize,
  detail,
  children,
}: {
  person: RowPerson;
  avatarSize: number;
  detail: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PersonAvatar {...person} size={avatarSize} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} lineClamp={2} title={person.name} style={{ overflowWrap: 'anywhere' }}>
          {person.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {detail}
        </Text>
        {children}
      </Stack>
    </>
  );
}

/**
 * One visit of the day's list: its Lagos time, the person with `detail` under their name (and
 * `children` under that), and `badge` at the end.
 */
export function VisitRow({
  visitedAt,
  person,
  detail,
  badge,
  children,
}: {
  visitedAt: string;
  person: RowPerson;
  detail: ReactNode;
  badge: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text fw={700} w={48} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {lagosTime(visitedAt)}
      </Text>
      <PersonLine person={person} avatarSize={36} detail={detail}>
        {children}
      </PersonLine>
      {badge}
    </Group>
  );
}
