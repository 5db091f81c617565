import { Box, Card, Group, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

interface PanelProps {
  title: string;
  icon: Icon;
  /** Beside the title: a count, a link. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled section of the dashboard (a chart, a list), named by its title for screen readers. */
export function Panel({ title, icon: PanelIcon, aside, children }: PanelProps) {
  const id = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      component="section"
      aria-labelledby={id}
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" gap="xs" mb="md" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={28} radius="md" variant="light">
            <PanelIcon size={18} aria-hidden />
          </ThemeIcon>
          <Title order={3} fz="md" id={id}>
            {title}
          </Title>
        </Group>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** A panel's shape while the dashboard loads. */
export function PanelSkeleton({ height = 240 }: { height?: number }) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" aria-hidden>
      <Stack gap="md">
        <Group gap="xs">
          <Skeleton height={28} width={28} radius="md" />
          <Skeleton height={16} width={160} />
        </Group>
        <Skeleton height={height} radius="md" />
      </Stack>
    </Card>
  );
}

/** One row of a panel's list (an `li`), ruled off from the row above. */
export function PanelRow({ children }: { children: ReactNode }) {
  return (
    <Box
      component="li"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Box>
  );
}
