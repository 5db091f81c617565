import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconHourglassHigh } from '@tabler/icons-react';
import { BusinessSetupPrompt } from '@/features/business';
import { useConnection } from '@/features/offline';
import { NeedsConnection } from '@/components/needs-connection';
import {
  NO_BUSINESS_MESSAGE,
  RATE_LIMIT_MESSAGE,
  isNoBusiness,
  isRateLimited,
} from '@/lib/api-error';

interface LoadErrorProps {
  /** The screen's message when the load failed. */
  message: string;
  onRetry?: () => void;
  /**
   * The failure itself (a query's `error`). A user without a business is offered the setup
   * instead of a Retry that cannot help; a 429 asks the user to wait a moment.
   */
  error?: unknown;
}

/** A list or detail that failed to load: the screen's message and a Retry. */
export function LoadError({ message, onRetry, error }: LoadErrorProps) {
  const { online } = useConnection();
  // Offline a load cannot work: a plain notice, not an error (it loads again once back online).
  if (!online) return <NeedsConnection />;
  if (isNoBusiness(error))
    return <BusinessSetupPrompt message={error.message || NO_BUSINESS_MESSAGE} />;
  const wait = isRateLimited(error);
  const Icon = wait ? IconHourglassHigh : IconAlertCircle;
  return (
    <Alert color={wait ? 'yellow' : 'red'} icon={<Icon size={18} aria-hidden />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{wait ? error.message || RATE_LIMIT_MESSAGE : message}</Text>
        {onRetry ? (
          <Button
            size="compact-sm"
            variant="white"
            color={wait ? 'yellow' : 'red'}
            onClick={onRetry}
          >
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
