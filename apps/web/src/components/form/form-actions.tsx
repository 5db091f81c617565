import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormActionsProps {
  /** Leaves the form; without it there is no cancel button. */
  onCancel?: () => void;
  /** The form is being sent: cancelling waits. */
  busy: boolean;
  cancelLabel?: string;
  mt?: MantineSpacing;
  /** The submit button. */
  children: ReactNode;
}

/** A form's buttons at its foot, on the right: cancel, then submit. */
export function FormActions({
  onCancel,
  busy,
  cancelLabel = 'Cancel',
  mt,
  children,
}: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      ) : null}
      {children}
    </Group>
  );
}
