import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A record that does not exist (or belongs to another business): the message and a way back. */
export function NotFoundState({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconSearchOff size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600} role="alert">
          {message}
        </Text>
        <Button
          component={Link}
          to={backTo}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {backLabel}
        </Button>
      </Stack>
    </Card>
  );
}
