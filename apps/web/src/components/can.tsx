import { Tooltip } from '@mantine/core';
import { NOT_ALLOWED, type Action } from '@kora/shared';
import {
  cloneElement,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useCan } from '@/lib/use-can';

/** The props `<Can>` sets on a control the user may not use. */
interface Disableable {
  disabled?: boolean;
  onClick?: (event: MouseEvent) => void;
}

interface CanProps {
  /** What the control does, in the terms of the shared access rule. */
  action: Action;
  /** Why it is not allowed; the shared wording by default. */
  reason?: string;
  /**
   * A control (a button): shown disabled, its click doing nothing, with the reason in a tooltip
   * when the user may not take the action. Or a function of whether they may, for anything else.
   */
  children: ReactElement<Disableable> | ((allowed: boolean) => ReactNode);
}

/**
 * Shows what the signed-in user's role may do, by the rule the API enforces: a control they may
 * not use is disabled and says why.
 */
export function Can({ action, reason = NOT_ALLOWED, children }: CanProps) {
  const allowed = useCan(action);
  if (typeof children === 'function') return children(allowed);
  if (allowed || !isValidElement(children)) return children;
  return (
    <Tooltip label={reason} multiline w={260}>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-block' }}>
        {cloneElement(children, {
          disabled: true,
          onClick: (event: MouseEvent) => event.preventDefault(),
        })}
      </span>
    </Tooltip>
  );
}
