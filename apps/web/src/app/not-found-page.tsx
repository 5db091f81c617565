import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundPage() {
  const { isAuthenticated } = useSession();
  usePageTitle('Page not found');
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={440}>
        <Text fz={64} fw={900} c="kora.7" lh={1}>
          404
        </Text>
        <Title order={1} fz={26}>
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
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
    </Center>
  );
}
