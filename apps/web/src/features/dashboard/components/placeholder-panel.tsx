import { Badge, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface PlaceholderPanelProps {
  title: string;
  description: string;
  icon: Icon;
  height?: number;
}

/** A dashboard panel that is not built yet, said plainly. */
export function PlaceholderPanel({
  title,
  description,
  icon: IconComponent,
  height = 200,
}: PlaceholderPanelProps) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          Available soon
        </Badge>
      </Group>
      <Center
        mih={{ base: Math.round(height * 0.6), sm: height }}
        style={{
          border: '1px dashed var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <Stack align="center" gap={6} p="md" ta="center">
          <IconComponent size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text size="sm" c="dimmed" maw={260}>
            {description}
          </Text>
        </Stack>
      </Center>
    </Card>
  );
}
