import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { STAFF_PLANS_TOOLTIP } from '../api';

/**
 * Wraps a plan action that staff may not take: the caller disables it, this explains why
 * (a disabled button gets no pointer events, so the tooltip sits on a wrapper).
 */
export function ManagerOnly({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  if (allowed) return children;
  return (
    <Tooltip label={STAFF_PLANS_TOOLTIP} multiline w={260}>
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}
