import { Stack, Text } from '@mantine/core';
import { formatDay, formatNaira, type RecordedPayment } from '@kora/shared';
import type { ReactNode } from 'react';
import { DonePanel } from '@/components/done-panel';
import { fullName } from '@/lib/format';
import { PAYMENT_TEXTS } from '../payment-form';
import { OFFLINE_TEXTS } from '@/lib/desk-format';
import { QueuedReceipt } from '@/components/queued-receipt';
import { ReceiptActions } from './receipt-actions';

/**
 * The confirmation after a payment: amount, member, the subscription's new expiry date, the
 * other members a group plan covers and the receipt number; under it, Send receipt and Print
 * receipt.
 */
export function PaymentSuccess({
  payment,
  onClose,
  below,
  onReceiptUse,
}: {
  payment: RecordedPayment;
  onClose: () => void;
  /** More under the confirmation, from the page that opened the dialog ("Check in"). */
  below?: ReactNode;
  /** The person is sending or printing the receipt: the confirmation stays until closed. */
  onReceiptUse?: () => void;
}) {
  const { subscription } = payment;
  return (
    <DonePanel
      title={PAYMENT_TEXTS.recordedTitle}
      onClose={onClose}
      below={
        <>
          <ReceiptActions
            paymentId={payment.id}
            receiptNumber={payment.receipt_number}
            onUse={onReceiptUse}
          />
          {below}
        </>
      }
    >
      <Stack gap={4}>
        <Text size="sm">
          <strong>{formatNaira(payment.amount)}</strong> received from{' '}
          <strong>{fullName(payment.member.first_name, payment.member.last_name)}</strong> (
          {payment.method}) for {payment.subscription_type.name}.
        </Text>
        <Text size="sm">
          New expiry date: <strong>{formatDay(subscription.expiry_date)}</strong>
        </Text>
        <Text size="xs" c="dimmed">
          Subscription runs {formatDay(subscription.start_date)} to{' '}
          {formatDay(subscription.expiry_date)}.
        </Text>
        <Text size="sm">
          Receipt number: <strong>{payment.receipt_number}</strong>
        </Text>
        {payment.covered_members.length > 0 ? (
          <Text size="sm">
            Also covers{' '}
            {payment.covered_members.map((m) => fullName(m.first_name, m.last_name)).join(', ')} for
            the same period.
          </Text>
        ) : null}
      </Stack>
    </DonePanel>
  );
}

/** A Cash payment saved on this device while offline. */
export interface QueuedPayment {
  /** The queued action's seq. */
  seq: number | undefined;
  /** In naira. */
  amount: number;
  name: string;
  plan: string;
}

/**
 * The confirmation of a payment taken offline: "Saved — will sync", and the receipt number once
 * the server has it (live from the queue).
 */
export function QueuedPaymentSuccess({
  payment,
  onClose,
  below,
}: {
  payment: QueuedPayment;
  onClose: () => void;
  below?: ReactNode;
}) {
  return (
    <DonePanel title={OFFLINE_TEXTS.savedWillSync} onClose={onClose} below={below}>
      <Stack gap={4}>
        <Text size="sm">
          <strong>{formatNaira(payment.amount)}</strong> received from{' '}
          <strong>{payment.name}</strong> (Cash) for {payment.plan}.
        </Text>
        <QueuedReceipt
          seq={payment.seq}
          receiptOf={(result) => (result as RecordedPayment | undefined)?.receipt_number}
        />
      </Stack>
    </DonePanel>
  );
}
