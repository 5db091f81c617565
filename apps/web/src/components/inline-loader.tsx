import { Group, Loader, Text } from '@mantine/core';

/** A small spinner and what is loading, in a line of dimmed text. */
export function InlineLoader({ children }: { children: string }) {
  return (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
