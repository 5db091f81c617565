import { Button, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  PAYMENT_METHODS,
  formatDay,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type PaymentDetails,
  type RefundPaymentInput,
} from '@kora/shared';
import { useState } from 'react';
import { AppModal } from '@/components/app-modal';
import { ErrorAlert } from '@/components/form-alerts';
import { MoneyInput } from '@/components/form/money-input';
import { useKeyedSend } from '@/components/use-keyed-send';
import { ApiError } from '@/lib/api-error';
import { useRefundPayment } from '../api';
import { REFUND_TEXTS, refundErrors, type RefundValues } from '../refund-form';

interface RefundPaymentModalProps {
  payment: PaymentDetails;
  opened: boolean;
  onClose: () => void;
}

/** What is left to refund of the payment, in kobo. */
const leftKobo = (p: PaymentDetails) =>
  Math.max(0, nairaToKobo(p.amount) - nairaToKobo(p.refunded));

const startValues = (p: PaymentDetails): RefundValues => ({
  amount: koboToNaira(leftKobo(p)),
  method: p.method,
  reason: '',
  subscription: 'keep',
  expiry_date: '',
});

/** A freeze fee's refund: there is no subscription to change. */
const REFUND_FREEZE_FEE_NOTE =
  'This is a freeze fee: it bought no subscription, and the freeze stays as it is.';
/**
 * Refund money to the member (owners and admins): the amount (what is left of the payment to
 * start with), how it went back, why, and what happens to the subscription it bought: kept,
 * ended today, or shortened to a chosen last day. Sent once however often it is clicked.
 */
export function RefundPaymentModal({ payment, opened, onClose }: RefundPaymentModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Refund payment" size="md">
      {opened ? <RefundForm payment={payment} onDone={onClose} /> : null}
    </AppModal>
  );
}

function RefundForm({ payment, onDone }: { payment: PaymentDetails; onDone: () => void }) {
  const refund = useRefundPayment(payment.id);
  const { send, sending } = useKeyedSend(`refund-${payment.id}`, refund);
  const [values, setValues] = useState<RefundValues>(() => startValues(payment));
  const [errors, setErrors] = useState<Partial<Record<keyof RefundValues, string>>>({});
  const [tried, setTried] = useState(false);
  // The payer's subscription (a group plan's covered members follow it and change with it).
  const subscription = payment.subscriptions[0] ?? null;
  const left = koboToNaira(leftKobo(payment));
  const serverErrors = refund.error instanceof ApiError ? (refund.error.errors ?? {}) : {};

  const check = (next: RefundValues) => refundErrors(next, { left, subscription });
  const set = <K extends keyof RefundValues>(key: K, value: RefundValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (tried) setErrors(check(next));
  };

  const submit = () => {
    setTried(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: RefundPaymentInput = {
      amount: Number(values.amount),
      method: values.method as RefundPaymentInput['method'],
      reason: values.reason.trim(),
      subscription: values.subscription,
      ...(values.subscription === 'shorten' ? { expiry_date: values.expiry_date } : {}),
    };
    send(input, onDone);
  };

  const error = (key: keyof RefundValues) => errors[key] ?? serverErrors[key];

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Payment <strong>{payment.receipt_number}</strong> of{' '}
          <strong>{formatNaira(payment.amount)}</strong>
          {payment.refunded > 0 ? `, ${formatNaira(payment.refunded)} refunded already` : ''}.
        </Text>
        <ErrorAlert
          error={refund.error}
          title={REFUND_TEXTS.failedTitle}
          fallback={REFUND_TEXTS.failed}
        />
        <MoneyInput
          label="Amount"
          withAsterisk
          description={`At most ${formatNaira(left)}`}
          value={values.amount}
          onChange={(v) => set('amount', v)}
          error={error('amount')}
          data-autofocus
        />
        <Select
          label="Refunded by"
          withAsterisk
          data={[...PAYMENT_METHODS]}
          value={values.method}
          onChange={(v) => set('method', v)}
          allowDeselect={false}
          error={error('method')}
        />
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={REFUND_TEXTS.reasonMax}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={error('reason')}
        />
        {payment.kind === 'freeze_fee' ? (
          // A freeze fee bought no subscription: the refund keeps (sent as 'keep').
          <Text size="sm" c="dimmed">
            {REFUND_FREEZE_FEE_NOTE}
          </Text>
        ) : (
          <Radio.Group
            label="The subscription it bought"
            value={values.subscription}
            onChange={(v) => set('subscription', v as RefundValues['subscription'])}
            error={error('subscription')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="keep" label="Keep it as it is" />
              <Radio value="end" label="End it today" disabled={!subscription} />
              <Radio
                value="shorten"
                label="Shorten it to a chosen last day"
                disabled={!subscription}
              />
            </Stack>
          </Radio.Group>
        )}
        {subscription ? (
          <Text size="xs" c="dimmed">
            It runs {formatDay(subscription.start_date)} to {formatDay(subscription.expiry_date)}.
          </Text>
        ) : null}
        {values.subscription === 'shorten' && subscription ? (
          <TextInput
            label="New last day"
            type="date"
            withAsterisk
            min={subscription.start_date}
            max={subscription.expiry_date}
            value={values.expiry_date}
            onChange={(e) => set('expiry_date', e.currentTarget.value)}
            error={error('expiry_date')}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={sending}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
