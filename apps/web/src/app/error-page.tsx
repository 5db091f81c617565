import { Button, Center, Code, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHourglassHigh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError, RATE_LIMIT_MESSAGE, isRateLimited } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { isChunkFailure, useChunkFailure } from './chunk-failure';
import { NotFoundPage } from './not-found-page';

export const ERROR_TEXTS = {
  title: 'Something went wrong',
  waitTitle: 'Please wait a moment',
  unexpected: 'An unexpected error occurred. Please reload the page or go back to the start.',
  stale: 'A new version of Kora is available. Reload the page to continue.',
  unreachable: 'This page could not be loaded. Check your internet connection and reload the page.',
} as const;

/** What the page says: null while the cause of a failed page load is still being found. */
const useExplanation = (error: unknown): { wait: boolean; text: string | null } => {
  const chunk = useChunkFailure(error);
  if (isRateLimited(error)) return { wait: true, text: error.message || RATE_LIMIT_MESSAGE };
  if (isRouteErrorResponse(error) && error.status === 429)
    return { wait: true, text: RATE_LIMIT_MESSAGE };
  if (!isChunkFailure(error)) return { wait: false, text: ERROR_TEXTS.unexpected };
  if (chunk === 'rate-limited') return { wait: true, text: RATE_LIMIT_MESSAGE };
  return { wait: false, text: chunk ? ERROR_TEXTS[chunk] : null };
};

/** The application-error fallback for anything a route throws. */
export function ErrorPage() {
  const error = useRouteError();
  const { wait, text } = useExplanation(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? 'Page not found' : wait ? ERROR_TEXTS.waitTitle : ERROR_TEXTS.title);
  if (notFound) return <NotFoundPage />;

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={64} radius="xl" color={wait ? 'yellow' : 'red'} variant="light">
          {wait ? (
            <IconHourglassHigh size={34} aria-hidden />
          ) : (
            <IconAlertTriangle size={34} aria-hidden />
          )}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {wait ? ERROR_TEXTS.waitTitle : ERROR_TEXTS.title}
        </Title>
        {text === null ? (
          <Loader size="sm" aria-label="Checking" />
        ) : (
          <Text c="dimmed">{text}</Text>
        )}
        {import.meta.env.DEV && error instanceof Error && !(error instanceof ApiError) ? (
          <Code block maw="100%" style={{ textAlign: 'left', whiteSpace: 'pre-wrap' }}>
            {error.message}
          </Code>
        ) : null}
        <Group gap="sm" justify="center">
          <Button onClick={() => window.location.reload()}>
            {wait ? 'Try Again' : 'Reload Page'}
          </Button>
          <Button component="a" href="/" variant="default">
            Go to Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
