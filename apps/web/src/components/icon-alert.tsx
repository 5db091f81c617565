import { Alert, type AlertProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface IconAlertProps extends Omit<AlertProps, 'icon'> {
  /** The icon before the text, hidden from screen readers. */
  icon: Icon;
  /** Its size in px: 20 unless told. */
  iconSize?: number;
}

/** A notice with its icon: light unless told (a verdict, a voided payment, a missing setup). */
export function IconAlert({
  icon: AlertIcon,
  iconSize = 20,
  variant = 'light',
  ...alert
}: IconAlertProps) {
  return <Alert variant={variant} icon={<AlertIcon size={iconSize} aria-hidden />} {...alert} />;
}
