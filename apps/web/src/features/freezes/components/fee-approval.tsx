import { Select, Text } from '@mantine/core';
import { PAYMENT_METHODS, formatNaira, type Freeze, type PaymentMethod } from '@kora/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { FREEZE_TEXTS } from '../freeze-format';

/** The methods a freeze fee is taken by, as the desk names them. */
export const FEE_METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({
  value: m,
  label: m === 'Card' ? 'Card (POS)' : m,
}));

interface FeeApprovalProps {
  /** The request being approved (its plan charges `fee_due`); null: the dialog is closed. */
  freeze: Pick<Freeze, 'fee_due'> | null;
  pending: boolean;
  error: unknown;
  onApprove: (method: PaymentMethod) => void;
  onClose: () => void;
}

/** Approving a request on a plan with a freeze fee: how the member paid it, then Approve. */
export function FeeApproval({ freeze, pending, error, onApprove, onClose }: FeeApprovalProps) {
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const close = () => {
    setMethod(null);
    onClose();
  };
  return (
    <ConfirmModal
      opened={freeze !== null}
      title="Approve freeze"
      onClose={close}
      pending={pending}
      error={error}
      errorFallback={FREEZE_TEXTS.decisionFailed}
      cancelLabel="Cancel"
      confirmLabel="Approve"
      danger={false}
      confirmDisabled={!method}
      onConfirm={() => method && onApprove(method)}
    >
      <Text size="sm">
        This plan charges {formatNaira(freeze?.fee_due ?? 0)} for a freeze. Take the fee, then
        approve.
      </Text>
      <Select
        label="Fee paid by"
        placeholder="Choose how the member paid"
        data={FEE_METHOD_OPTIONS}
        value={method}
        onChange={(v) => setMethod(v as PaymentMethod | null)}
        allowDeselect={false}
      />
    </ConfirmModal>
  );
}
