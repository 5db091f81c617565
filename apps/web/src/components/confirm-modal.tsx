import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './form-alerts';
import { Modal } from './lazy-modal';

export interface ConfirmBodyProps {
  /** The question, and what else the person should know before answering. */
  children: ReactNode;
  /** The call the confirmation makes is on its way: both buttons wait. */
  pending: boolean;
  /** The call's failure, if any: the server's message, else `errorFallback`. */
  error: unknown;
  errorTitle?: string;
  errorFallback: string;
  /** The button that answers no: "Keep link", "Cancel". */
  cancelLabel: string;
  /** The button that does it: "Cancel link", "Disconnect". */
  confirmLabel: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The inside of a confirmation dialog: the question, the failure if any, and its two buttons. */
export function ConfirmBody(props: ConfirmBodyProps) {
  const { pending, danger = true } = props;
  return (
    <Stack gap="md">
      {props.children}
      <ErrorAlert error={props.error} title={props.errorTitle} fallback={props.errorFallback} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel} disabled={pending}>
          {props.cancelLabel}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={props.onConfirm}
          loading={pending}
          disabled={props.confirmDisabled}
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

export interface ConfirmModalProps extends Omit<ConfirmBodyProps, 'onCancel'> {
  opened: boolean;
  title: string;
  /** Closes the dialog (its cancel button, the close button, Escape): never while pending. */
  onClose: () => void;
}

/**
 * A dialog asking to confirm an action (cancel a link, disconnect Paystack, delete a plan): it
 * cannot be closed while the action's call is on its way, and a failure shows in it. Without a
 * question (what it asked about is gone), it shows nothing while it closes.
 */
export function ConfirmModal({ opened, title, onClose, children, ...body }: ConfirmModalProps) {
  const close = () => (body.pending ? undefined : onClose());
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {children ? (
        <ConfirmBody {...body} onCancel={onClose}>
          {children}
        </ConfirmBody>
      ) : null}
    </Modal>
  );
}
