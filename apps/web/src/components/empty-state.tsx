import { Stack, Text, ThemeIcon, Title, type StackProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps extends Pick<StackProps, 'p'> {
  icon: Icon;
  title: string;
  /** The dimmed line under the title. */
  text?: string;
  /** The way forward under it (a button), if any. */
  action?: ReactNode;
}

/** A list with nothing to show: an icon, what is missing, a hint and the way forward. */
export function EmptyState({ icon: EmptyIcon, title, text, action, p }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" ta="center" p={p}>
      <ThemeIcon size={48} radius="xl" variant="light">
        <EmptyIcon size={26} aria-hidden />
      </ThemeIcon>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {text === undefined ? null : (
        <Text c="dimmed" size="sm" maw={380}>
          {text}
        </Text>
      )}
      {action}
    </Stack>
  );
}
