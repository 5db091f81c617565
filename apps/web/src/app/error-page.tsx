import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** A new release replaced the page's code while this tab was open. */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  );

/** The application-error fallback for anything a route throws. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const stale = isStaleChunk(error);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Something went wrong
        </Title>
        <Text c="dimmed">
          {stale
            ? 'A new version of Kora is available. Reload the page to continue.'
            : 'An unexpected error occurred. Please reload the page or go back to the start.'}
        </Text>
        {import.meta.env.DEV && error instanceof Error ? (
          <Code block maw="100%" style={{ textAlign: 'left', whiteSpace: 'pre-wrap' }}>
            {error.message}
          </Code>
        ) : null}
        <Group gap="sm" justify="center">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button component="a" href="/" variant="default">
            Go to Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
