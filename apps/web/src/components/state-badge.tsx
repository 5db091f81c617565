import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row's state, in a light badge that keeps its width beside a long name (a card's corner). */
export function StateBadge({ color, label }: { color: string; label: ReactNode }) {
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
