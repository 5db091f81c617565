import { Stack, Text, Textarea } from '@mantine/core';
import { formatNaira, VOID_REASON_MAX, voidPaymentSchema, type PaymentDetails } from '@kora/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { fullName } from '@/lib/format';
import { useVoidPayment } from '../api';

const VOID_TEXTS = {
  title: 'Void this payment?',
  failedTitle: 'The payment was not voided',
  failed: 'An error occurred while voiding the payment. Please try again.',
} as const;

/** The rule the reason breaks, in the void call's own words (1 to 200 characters), if any. */
const reasonError = (reason: string): string | null => {
  const parsed = voidPaymentSchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

interface VoidPaymentModalProps {
  payment: PaymentDetails;
  opened: boolean;
  onClose: () => void;
}

/**
 * Void a payment recorded by mistake: a reason is required. The payment stays in the lists
 * marked Voided, leaves every total, and the subscription it bought is withdrawn.
 */
export function VoidPaymentModal({ payment, opened, onClose }: VoidPaymentModalProps) {
  const voiding = useVoidPayment(payment.id);
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const member = fullName(payment.member.first_name, payment.member.last_name);

  const close = () => {
    setReason('');
    setShown(null);
    voiding.reset();
    onClose();
  };
  const confirm = () => {
    const error = reasonError(reason);
    setShown(error);
    if (error) return;
    voiding.mutate({ reason: voidPaymentSchema.parse({ reason }).reason }, { onSuccess: close });
  };

  return (
    <ConfirmModal
      opened={opened}
      title={VOID_TEXTS.title}
      onClose={close}
      pending={voiding.isPending}
      error={voiding.error}
      errorTitle={VOID_TEXTS.failedTitle}
      errorFallback={VOID_TEXTS.failed}
      cancelLabel="Keep payment"
      confirmLabel="Void payment"
      onConfirm={confirm}
    >
      <Stack gap="sm">
        <Text size="sm">
          Void payment <strong>{payment.receipt_number}</strong> of{' '}
          <strong>{formatNaira(payment.amount)}</strong> for <strong>{member}</strong>?
        </Text>
        <Text size="sm" c="dimmed">
          It stays in the payments list marked Voided and leaves every total.{' '}
          {payment.kind === 'freeze_fee'
            ? 'It is a freeze fee: the freeze stays as it is.'
            : 'The subscription it bought is withdrawn.'}
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          placeholder="Recorded for the wrong member"
          autosize
          minRows={2}
          maxLength={VOID_REASON_MAX}
          data-autofocus
          value={reason}
          error={shown}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (shown) setShown(reasonError(e.currentTarget.value));
          }}
        />
      </Stack>
    </ConfirmModal>
  );
}
