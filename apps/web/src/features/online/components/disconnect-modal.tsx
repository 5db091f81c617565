import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '@/components/form-alerts';
import { ONLINE_TEXTS } from '../online-format';

interface ConfirmModalProps {
  opened: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms disconnecting Paystack; it cannot be closed while the call is on its way. */
export function DisconnectModal({ opened, pending, error, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => (pending ? undefined : onClose())}
      title="Disconnect Paystack"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{ONLINE_TEXTS.disconnect}</Text>
        <Text size="sm" c="dimmed">
          {ONLINE_TEXTS.disconnectKeepsWebhook}
        </Text>
        <ErrorAlert
          error={error}
          title="Disconnecting failed"
          fallback={ONLINE_TEXTS.actionFailed}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Keep connected
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
