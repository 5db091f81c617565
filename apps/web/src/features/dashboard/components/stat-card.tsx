import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface StatCardProps {
  label: string;
  value: string;
  hint: string;
  icon: Icon;
}

export function StatCard({ label, value, hint, icon: IconComponent }: StatCardProps) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={800} mt={6} lh={1.1} aria-label={`${label}: not available yet`}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={36} radius="md" variant="light" visibleFrom="xs">
          <IconComponent size={22} aria-hidden />
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        {hint}
      </Text>
    </Card>
  );
}
