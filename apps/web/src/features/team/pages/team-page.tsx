import { Button, Card, Text } from '@mantine/core';
import { IconUserPlus, IconUserShield } from '@tabler/icons-react';
import type { TeamUser } from '@kora/shared';
import { useCallback, useState } from 'react';
import { Can } from '@/components/can';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useTeam, type TeamActionKind } from '../api';
import { InviteUserModal } from '../components/invite-user-modal';
import { TeamActionModal, type AskedAction } from '../components/team-action-modal';
import { TeamTable } from '../components/team-table';
import { TEAM_TEXTS } from '../team-format';

/** /users: the business's team, pending invitations included; owners and admins manage it. */
export function TeamPage() {
  const team = useTeam();
  const self = useSession().user;
  const [inviting, setInviting] = useState(false);
  const [asked, setAsked] = useState<AskedAction | null>(null);
  usePageTitle('Users');
  const closeInvite = useCallback(() => setInviting(false), []);
  const ask = useCallback((kind: TeamActionKind, user: TeamUser) => setAsked({ kind, user }), []);

  const inviteButton = (
    <Can action="team.manage" reason={TEAM_TEXTS.inviteNotAllowed}>
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => setInviting(true)}
      >
        Invite User
      </Button>
    </Can>
  );

  return (
    <>
      <PageHeader
        title="Users"
        description="Your team: the people who work in your business and their roles."
        actions={inviteButton}
      />
      {team.isError ? (
        <LoadError
          message={TEAM_TEXTS.listFailed}
          error={team.error}
          onRetry={() => void team.refetch()}
        />
      ) : !team.data ? (
        <PageLoader />
      ) : team.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={IconUserShield}
            title={TEAM_TEXTS.none}
            text="Invite an admin or a member of staff to help you run your business."
            action={inviteButton}
          />
        </Card>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <TeamTable users={team.data} selfId={self?.id} onAction={ask} />
          <Text size="sm" c="dimmed" px="md" py="sm">
            {`Showing ${team.data.length} user(s)`}
          </Text>
        </Card>
      )}
      <InviteUserModal opened={inviting} onClose={closeInvite} />
      <TeamActionModal asked={asked} onClose={() => setAsked(null)} />
    </>
  );
}
