import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Role, TeamUser } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { PersonAvatar } from '@/components/person-avatar';
import { formatDate, formatPhone } from '@/lib/format';
import type { TeamActionKind } from '../api';
import { TEAM_TEXTS, invitationExpired, isPending, teamUserName } from '../team-format';
import { TeamActions } from './team-actions-menu';

const ROLE_COLORS: Record<Role, string> = { owner: 'kora', admin: 'blue', staff: 'gray' };

/** The User column: the picture (or initials, U without names) and the name (or the e-mail). */
function UserCell({ user }: { user: TeamUser }) {
  const name = teamUserName(user);
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <PersonAvatar
        picture={user.profile_picture}
        name={name}
        first_name={user.first_name}
        last_name={user.last_name}
        size={40}
        style={{ flexShrink: 0 }}
      />
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Group>
  );
}

function ContactCell({ user }: { user: TeamUser }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
      {user.phone_number ? (
        <Text size="xs" c="dimmed">
          {formatPhone(user.phone_number)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Verified once the invitation is accepted, else Pending (and whether its link expired). */
function StatusCell({ user }: { user: TeamUser }) {
  if (!isPending(user))
    return (
      <Badge color="green" variant="light">
        Verified
      </Badge>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="yellow" variant="light">
        Pending
      </Badge>
      {invitationExpired(user) ? (
        <Text size="xs" c="red">
          {TEAM_TEXTS.invitationExpired}
        </Text>
      ) : null}
    </Stack>
  );
}

interface TeamTableProps {
  users: TeamUser[];
  /** The signed-in user's id: they cannot remove themselves. */
  selfId: string | undefined;
  onAction: (kind: TeamActionKind, user: TeamUser) => void;
}

/** The team table; on a phone one card per person, the actions at the card's foot. */
export function TeamTable({ users, selfId, onAction }: TeamTableProps) {
  const columns: Column<TeamUser>[] = [
    { header: 'User', maw: 260, cell: (u) => <UserCell user={u} /> },
    { header: 'Contact', cell: (u) => <ContactCell user={u} /> },
    {
      header: 'Role',
      card: 'corner',
      cell: (u) => (
        <Badge color={ROLE_COLORS[u.role]} variant="light">
          {u.role.toUpperCase()}
        </Badge>
      ),
    },
    { header: 'Status', cell: (u) => <StatusCell user={u} /> },
    {
      header: 'Joined',
      cell: (u) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(u.created_at)}
        </Text>
      ),
    },
    {
      header: 'Actions',
      alignRight: true,
      cell: (u) => (
        <Group justify="flex-end" wrap="nowrap">
          <TeamActions user={u} isSelf={String(u.id) === selfId} onAction={onAction} />
        </Group>
      ),
    },
  ];
  return <DataTable rows={users} columns={columns} minWidth={760} />;
}
