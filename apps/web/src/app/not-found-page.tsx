import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';

const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');

/** The longest address the page repeats; past it, "…". */
const SHOWN_PATH_MAX = 120;

/** The address asked for, as the page names it: its path, cut when it is very long. */
const shownPath = (path: string) =>
  path.length > SHOWN_PATH_MAX ? `${path.slice(0, SHOWN_PATH_MAX - 1)}…` : path;

/**
 * An address the app does not know. It names the address asked for. A signed-in user sees it
 * inside the back office (header and side navigation), with the way back to the dashboard.
 */
export function NotFoundPage() {
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  const content = (
    <Stack align="center" ta="center" gap="md" maw={480}>
      <Text fz={64} fw={900} c="kora.7" lh={1}>
        404
      </Text>
      <Title order={isAuthenticated ? 2 : 1} fz={26}>
        Page not found
      </Title>
      <Text c="dimmed">
        We could not find <Code style={{ overflowWrap: 'anywhere' }}>{shownPath(pathname)}</Code>.
        It may have moved, or the address may be mistyped.
      </Text>
      <Group gap="sm" justify="center">
        {isAuthenticated ? (
          <Button component={Link} to="/dashboard">
            Go to Dashboard
          </Button>
        ) : (
          <Button component="a" href="/">
            Go to Home
          </Button>
        )}
      </Group>
    </Stack>
  );
  return isAuthenticated ? (
    <Center py="xl">{content}</Center>
  ) : (
    <Center mih="100dvh" p="md" component="main">
      {content}
    </Center>
  );
}

/** Around the not-found page: the back office's shell for a signed-in user, nothing otherwise. */
export function NotFoundFrame() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <AppLayout /> : <Outlet />;
}
