import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { useDeskStatus } from '@/features/offline';
import { OFFLINE_TEXTS, signOutWarning } from '@/lib/desk-format';
import type { UserProfile } from '@kora/shared';
import { fullName, initials } from '@/lib/format';
import type { SessionUser } from '@/lib/session';
import { useSignOut } from './use-sign-out';

/** The menu's links to the user's own pages. */
const ACCOUNT_PAGES = [
  { to: '/profile', label: 'View Profile', icon: IconUser },
  { to: '/change-password', label: 'Change Password', icon: IconKey },
];

interface UserMenuProps {
  profile: UserProfile | undefined;
  user: SessionUser | null;
}

export function UserMenu({ profile, user }: UserMenuProps) {
  const signOut = useSignOut();
  // Signing out with actions still waiting on this device asks first (the desk's live count).
  const desk = useDeskStatus();
  const [waiting, setWaiting] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const logOut = async () => {
    if (desk.waiting > 0) setWaiting(desk.waiting);
    else await signOut();
  };
  const confirmLogOut = async () => {
    setLeaving(true);
    await signOut();
  };
  const first = profile?.first_name ?? user?.firstName;
  const last = profile?.last_name ?? user?.lastName;
  const name = fullName(first, last) || 'Account';
  const role = profile?.role ?? user?.role;

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Account menu for ${name}`} style={{ borderRadius: 999 }}>
            <Group gap={8} wrap="nowrap">
              <Avatar src={profile?.profile_picture} alt="" radius="xl" size={36} color="kora">
                {initials(first, last)}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="md" maw={160} truncate>
                {name}
              </Text>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                {profile?.email ?? user?.email}
              </Text>
              {role ? (
                <Badge size="xs" variant="light" aria-label={`Role: ${role}`}>
                  {role.toUpperCase()}
                </Badge>
              ) : null}
            </Group>
          </Menu.Label>
          {ACCOUNT_PAGES.map(({ to, label, icon: Icon }) => (
            <Menu.Item
              key={to}
              component={Link}
              to={to}
              leftSection={<Icon size={16} aria-hidden />}
            >
              {label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void logOut()}
          >
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={waiting > 0}
        title={OFFLINE_TEXTS.signOutTitle}
        pending={leaving}
        error={null}
        errorFallback=""
        cancelLabel="Stay signed in"
        confirmLabel="Log out"
        onClose={() => setWaiting(0)}
        onConfirm={() => void confirmLogOut()}
      >
        {waiting > 0 ? <Text size="sm">{signOutWarning(waiting)}</Text> : null}
      </ConfirmModal>
    </>
  );
}
