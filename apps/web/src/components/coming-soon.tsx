import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';

/** A section that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconHourglassHigh size={26} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Title order={3} fz="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={360}>
        This feature is coming soon.
      </Text>
    </Stack>
  );
}
