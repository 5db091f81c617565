import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a record's page under its title: a member's card, a plan's statistics. */
export function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
