import { Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TeamRole, TeamUser } from '@kora/shared';
import { useState, type ReactNode } from 'react';
import { ConfirmBody } from '@/components/confirm-modal';
import { useBackCloses } from '@/components/use-back-closes';
import { useMutationOnce } from '@/components/use-single-flight';
import { useTeamAction, type TeamActionKind } from '../api';
import { ROLE_LABELS, ROLE_OPTIONS, TEAM_TEXTS, teamUserName } from '../team-format';

/** An action asked for from a row's menu, waiting for its confirmation. */
export interface AskedAction {
  kind: TeamActionKind;
  user: TeamUser;
}

interface ActionTexts {
  title: string;
  confirm: string;
  danger?: boolean;
  question: (name: ReactNode, user: TeamUser) => ReactNode;
  failedTitle: string;
  done: (name: string, user: TeamUser, role: TeamRole) => { title: string; message: string };
}

const TEXTS: Record<TeamActionKind, ActionTexts> = {
  resend: {
    title: 'Resend Invitation',
    confirm: 'Resend',
    question: (_name, user) => (
      <>
        Send a new invitation to <strong>{user.email}</strong>? The link sent before stops working.
      </>
    ),
    failedTitle: 'Resending failed',
    done: (_name, user) => ({
      title: 'Invitation resent',
      message: `A new invitation was sent to ${user.email}.`,
    }),
  },
  revoke: {
    title: 'Revoke Invitation',
    confirm: 'Revoke',
    danger: true,
    question: (_name, user) => (
      <>
        Revoke the invitation sent to <strong>{user.email}</strong>? Its link stops working at once.
      </>
    ),
    failedTitle: 'Revoking failed',
    done: (_name, user) => ({
      title: 'Invitation revoked',
      message: `The invitation to ${user.email} no longer works.`,
    }),
  },
  role: {
    title: 'Change Role',
    confirm: 'Change Role',
    question: (name) => <>Choose the role of {name}. It applies from their next request.</>,
    failedTitle: 'Role change failed',
    done: (name, _user, role) => ({
      title: 'Role changed',
      message: `${name} is now ${ROLE_LABELS[role]}.`,
    }),
  },
  remove: {
    title: 'Remove from Team',
    confirm: 'Remove',
    danger: true,
    question: (name) => (
      <>
        Remove {name} from the team? They can no longer work in this business; what they recorded
        keeps their name.
      </>
    ),
    failedTitle: 'Removal failed',
    done: (name) => ({ title: 'User removed', message: `${name} was removed from the team.` }),
  },
};

const ROLE_HINTS: Record<TeamRole, string> = {
  admin: 'Everything the owner does except the business itself: the team, plans and settings.',
  staff: 'The front desk: members, subscriptions, payments and messages.',
};

/** A change of role starts on the person's current role (an owner is never changed). */
const currentRole = (user: TeamUser): TeamRole => (user.role === 'admin' ? 'admin' : 'staff');

interface ActionBodyProps {
  asked: AskedAction;
  pending: boolean;
  error: unknown;
  onConfirm: (role: TeamRole) => void;
  onCancel: () => void;
}

/** The question, the role to give (Change role), the failure if any, Cancel and the action. */
function ActionBody({ asked, pending, error, onConfirm, onCancel }: ActionBodyProps) {
  const [role, setRole] = useState<TeamRole>(() => currentRole(asked.user));
  const { kind, user } = asked;
  const texts = TEXTS[kind];
  return (
    <ConfirmBody
      pending={pending}
      error={error}
      errorTitle={texts.failedTitle}
      errorFallback={TEAM_TEXTS.actionFailed}
      cancelLabel="Cancel"
      confirmLabel={texts.confirm}
      danger={texts.danger ?? false}
      confirmDisabled={kind === 'role' && role === user.role}
      onConfirm={() => onConfirm(role)}
      onCancel={onCancel}
    >
      <Text size="sm">{texts.question(<strong>{teamUserName(user)}</strong>, user)}</Text>
      {kind === 'role' ? (
        <Radio.Group
          label="Role"
          value={role}
          onChange={(value) => setRole(value as TeamRole)}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {ROLE_OPTIONS.map(({ value, label }) => (
              <Radio
                key={value}
                value={value}
                label={value === user.role ? `${label} (current role)` : label}
                description={ROLE_HINTS[value]}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </ConfirmBody>
  );
}

interface TeamActionModalProps {
  /** The action to confirm; null when the dialog is closed. */
  asked: AskedAction | null;
  onClose: () => void;
}

/**
 * Confirms a row's action. On success a notification says what was done and the dialog closes
 * (the list has loaded again by then); a failure shows the server's message and the dialog
 * stays open. It cannot be closed while the call is on its way.
 */
export function TeamActionModal({ asked, onClose }: TeamActionModalProps) {
  const action = useTeamAction();
  const { send, pending } = useMutationOnce(action);
  // The last action asked stays shown while the dialog fades out.
  const [shown, setShown] = useState(asked);
  if (asked && asked !== shown) setShown(asked);

  const close = () => {
    if (pending) return;
    action.reset();
    onClose();
  };
  const confirm = (role: TeamRole) => {
    if (!asked) return;
    const { kind, user } = asked;
    send(kind === 'role' ? { kind, user, role } : { kind, user }, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          ...TEXTS[kind].done(teamUserName(user), user, role),
        });
        action.reset();
        onClose();
      },
    });
  };

  // Back closes the dialog, not the page under it.
  useBackCloses(asked !== null, close);

  return (
    <Modal
      opened={asked !== null}
      onClose={close}
      title={shown ? TEXTS[shown.kind].title : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {shown ? (
        <ActionBody
          key={`${shown.kind}-${shown.user.id}`}
          asked={shown}
          pending={pending}
          error={action.error}
          onConfirm={confirm}
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}
