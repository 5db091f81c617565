import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of label/value pairs; an empty value reads "Not provided". */
export function InfoCard({
  title,
  items,
  children,
}: {
  title: string;
  items?: [label: string, value: ReactNode][];
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h5" mb="sm">
        {title}
      </Title>
      {items ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          {items.map(([label, value]) => (
            <Stack gap={2} key={label} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {label}
              </Text>
              {typeof value === 'string' || value == null ? (
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {value || 'Not provided'}
                </Text>
              ) : (
                value
              )}
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
      {children}
    </Card>
  );
}
