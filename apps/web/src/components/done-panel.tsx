import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface DonePanelProps {
  /** What was done: "Payment recorded". */
  title: string;
  /** The details, inside the confirmation. */
  children: ReactNode;
  /** More under the confirmation (the link to copy). */
  below?: ReactNode;
  /** The button that closes the dialog: "Close" unless told. */
  closeLabel?: string;
  onClose: () => void;
}

/** What a dialog shows once its action is done: the confirmation, read out, and a way out. */
export function DonePanel({
  title,
  children,
  below,
  closeLabel = 'Close',
  onClose,
}: DonePanelProps) {
  return (
    <Stack gap="md">
      <Alert
        color="green"
        variant="light"
        title={title}
        icon={<IconCircleCheck size={20} aria-hidden />}
        role="status"
      >
        {children}
      </Alert>
      {below}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {closeLabel}
        </Button>
      </Group>
    </Stack>
  );
}
