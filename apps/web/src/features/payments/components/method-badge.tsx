import { Badge } from '@mantine/core';
import type { Payment } from '@kora/shared';
import { METHOD_COLORS } from '../payment-format';

/** Cash, Card or Transfer, each in its colour. */
export function MethodBadge({ method }: { method: Payment['method'] }) {
  return (
    <Badge variant="light" color={METHOD_COLORS[method] ?? 'gray'} style={{ flexShrink: 0 }}>
      {method}
    </Badge>
  );
}
