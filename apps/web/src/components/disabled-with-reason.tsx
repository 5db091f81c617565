import { Tooltip } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement } from 'react';

/** The props set on a control that is refused for now. */
interface Refusable {
  onClick?: (event: MouseEvent) => void;
  'data-disabled'?: boolean;
  'aria-disabled'?: boolean;
}

/**
 * A control the server would refuse for now (a payment for a deactivated member): shown
 * disabled, its click doing nothing, with the reason in a tooltip on hover or focus. It stays
 * focusable and keeps its width, so the reason can be read. Without a reason, the control as is.
 */
export function DisabledWithReason({
  reason,
  children,
}: {
  reason: string | null | undefined;
  children: ReactElement<Refusable>;
}) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline w={260}>
      {cloneElement(children, {
        'data-disabled': true,
        'aria-disabled': true,
        onClick: (event: MouseEvent) => event.preventDefault(),
      })}
    </Tooltip>
  );
}
