import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A reset or invitation link that cannot be used: invalid or expired. */
export function LinkError({ message }: { message: string }) {
  return (
    <Stack align="center" ta="center" gap="md" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconLinkOff size={30} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={22}>
        This link can&apos;t be used
      </Title>
      <Text c="dimmed">{message}</Text>
      <Button component={Link} to="/login" fullWidth>
        Go to Login
      </Button>
      <Anchor component={Link} to="/forgot-password" size="sm">
        Request new password reset
      </Anchor>
    </Stack>
  );
}
