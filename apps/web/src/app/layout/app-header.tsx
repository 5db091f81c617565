import {
  ActionIcon,
  Avatar,
  Badge,
  Burger,
  Group,
  Popover,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@kora/shared';
import { KoraLogo } from '@/components/kora-logo';
import { useUserProfile } from '@/features/account';
import { useSession } from '@/lib/session';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** The business (logo or code, and name), or Kora when there is none yet. */
function Brand() {
  const profile = useUserProfile();
  const p = profile.data;
  if (profile.isPending) return <Skeleton height={28} width={140} radius="md" />;
  if (!p?.business_name) return <KoraLogo size={30} />;
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {p.business_logo_url ? (
        <Avatar src={p.business_logo_url} alt={`${p.business_name} logo`} radius="md" size={36} />
      ) : (
        <Badge size="lg" radius="sm" variant="filled" style={{ flexShrink: 0 }}>
          {p.business_code}
        </Badge>
      )}
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }} truncate data-testid="business-name">
        {p.business_name}
      </Text>
    </Group>
  );
}

export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const { user } = useSession();
  const profile = useUserProfile();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Link
          to="/dashboard"
          aria-label={`${PRODUCT_NAME} dashboard`}
          style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}
        >
          <Brand />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Popover position="bottom-end" width={260} shadow="md" withinPortal>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
              <IconBell size={22} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Notifications
              </Text>
              <Text size="sm" c="dimmed">
                You&apos;re all caught up. New notifications will appear here.
              </Text>
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <UserMenu profile={profile.data} user={user} />
      </Group>
    </Group>
  );
}
