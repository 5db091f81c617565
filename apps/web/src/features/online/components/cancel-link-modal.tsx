import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatNaira, type PaymentLink } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
import { ONLINE_TEXTS } from '../online-format';

interface CancelLinkModalProps {
  /** The link to cancel; closed without one. */
  link: PaymentLink | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms cancelling a link still waiting for payment. */
export function CancelLinkModal({
  link,
  pending,
  error,
  onConfirm,
  onClose,
}: CancelLinkModalProps) {
  return (
    <Modal
      opened={link !== null}
      onClose={() => (pending ? undefined : onClose())}
      title="Cancel payment link"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {link ? (
        <Stack gap="md">
          <Text size="sm">
            Cancel the link for {link.subscription_type.name} × {link.duration} (
            {formatNaira(link.amount)})? The member can no longer pay with it.
          </Text>
          <ErrorAlert
            error={error}
            title="Cancelling failed"
            fallback={ONLINE_TEXTS.actionFailed}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Keep link
            </Button>
            <Button color="red" onClick={onConfirm} loading={pending}>
              Cancel link
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
