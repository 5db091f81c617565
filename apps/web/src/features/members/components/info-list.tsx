import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Labelled } from '@/components/labelled';

/** A label and its value; a string value is shown as text. */
export type InfoItem = [label: string, value: ReactNode];

/** A titled card of label/value pairs; an empty value reads "Not provided". */
export function InfoCard({
  title,
  items,
  children,
}: {
  title: string;
  items?: InfoItem[];
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
            <Labelled key={label} label={label} style={{ minWidth: 0 }}>
              {typeof value === 'string' || value == null ? (
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {value || 'Not provided'}
                </Text>
              ) : (
                value
              )}
            </Labelled>
          ))}
        </SimpleGrid>
      ) : null}
      {children}
    </Card>
  );
}
