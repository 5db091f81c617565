import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

interface StatCardProps {
  label: string;
  /** The figure as shown; undefined while it loads (a skeleton shimmers). */
  value?: string;
  /** What the figure's aria-label says after "Label: "; the shown value by default. */
  spoken?: string;
  /** The line under the figure: what it counts, or how it compares. */
  hint?: ReactNode;
  icon: Icon;
  iconColor?: string;
}

/**
 * One figure of the dashboard: its label, the figure (read out with its label) and a hint, in a
 * group named by the label.
 */
export function StatCard({
  label,
  value,
  spoken = value,
  hint,
  icon: IconComponent,
  iconColor,
}: StatCardProps) {
  const labelId = useId();
  return (
    <Card withBorder radius="lg" padding="md" h="100%" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} id={labelId}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={30} width={110} mt={8} />
          ) : (
            <Text
              fz={{ base: 24, sm: 28 }}
              fw={800}
              mt={6}
              lh={1.1}
              aria-label={`${label}: ${spoken}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={36} radius="md" variant="light" color={iconColor} visibleFrom="xs">
          <IconComponent size={22} aria-hidden />
        </ThemeIcon>
      </Group>
      {value === undefined ? (
        <Skeleton height={10} width="80%" mt="sm" />
      ) : hint ? (
        <Text size="xs" c="dimmed" mt="sm" component="div">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}
