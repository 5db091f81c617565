import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '@/components/form-alerts';
import { COMMS_TEXTS } from '../comms-format';

interface CancelMessageModalProps {
  opened: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms cancelling a scheduled message; it cannot be closed while the call is on its way. */
export function CancelMessageModal(props: CancelMessageModalProps) {
  const { opened, pending, error, onConfirm, onClose } = props;
  return (
    <Modal
      opened={opened}
      onClose={() => (pending ? undefined : onClose())}
      title="Cancel Message"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Cancel this scheduled message? It will not be sent to anyone. This cannot be undone.
        </Text>
        <ErrorAlert error={error} title="Cancelling failed" fallback={COMMS_TEXTS.actionFailed} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Keep Message
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            Cancel Message
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
