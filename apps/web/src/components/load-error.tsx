import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A list or detail that failed to load: the screen's message and a Retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
