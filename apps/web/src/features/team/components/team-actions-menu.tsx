import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconMailOff,
  IconUserCog,
  IconUserMinus,
} from '@tabler/icons-react';
import type { TeamUser } from '@kora/shared';
import type { ReactNode } from 'react';
import { Can } from '@/components/can';
import type { TeamActionKind } from '../api';
import { TEAM_TEXTS, isPending, teamUserName } from '../team-format';

interface TeamActionsMenuProps {
  user: TeamUser;
  /** The row is the signed-in user: they cannot remove themselves. */
  isSelf: boolean;
  onAction: (kind: TeamActionKind, user: TeamUser) => void;
  /** Set by `<Can>` (or for the owner's row): the button shows disabled and opens nothing. */
  disabled?: boolean;
}

/**
 * A person's actions, each confirmed in a dialog: Resend and Revoke for a pending invitation,
 * Change role, and Remove from team for someone who accepted it (not oneself).
 */
function TeamActionsMenu({ user, isSelf, onAction, disabled }: TeamActionsMenuProps) {
  const label = `Actions for ${teamUserName(user)}`;
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      disabled={disabled}
      onClick={(e) => e.stopPropagation()}
    >
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  );
  if (disabled) return trigger;

  const item = (kind: TeamActionKind, text: string, icon: ReactNode, red = false) => (
    <Menu.Item
      key={kind}
      leftSection={icon}
      color={red ? 'red' : undefined}
      disabled={kind === 'remove' && isSelf}
      onClick={() => onAction(kind, user)}
    >
      {text}
    </Menu.Item>
  );
  const pending = isPending(user);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {pending
          ? item('resend', 'Resend invitation', <IconMailForward size={16} aria-hidden />)
          : null}
        {item('role', 'Change role', <IconUserCog size={16} aria-hidden />)}
        {pending
          ? item('revoke', 'Revoke invitation', <IconMailOff size={16} aria-hidden />, true)
          : item('remove', 'Remove from team', <IconUserMinus size={16} aria-hidden />, true)}
        {!pending && isSelf ? (
          <Menu.Label style={{ whiteSpace: 'normal', maxWidth: 240 }}>
            {TEAM_TEXTS.notYourself}
          </Menu.Label>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The row's actions: for an owner or an admin the menu; for staff (team.manage) and on the
 * owner's row, a disabled button whose tooltip says why.
 */
export function TeamActions(props: Omit<TeamActionsMenuProps, 'disabled'>) {
  if (props.user.role === 'owner')
    return (
      <Tooltip label={TEAM_TEXTS.ownerProtected} multiline w={260}>
        {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
        <span style={{ display: 'inline-block' }}>
          <TeamActionsMenu {...props} disabled />
        </span>
      </Tooltip>
    );
  return (
    <Can action="team.manage" reason={TEAM_TEXTS.manageNotAllowed}>
      <TeamActionsMenu {...props} />
    </Can>
  );
}
