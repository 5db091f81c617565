import { Anchor, Button, CopyButton, Group, Radio, Stack, Text } from '@mantine/core';
import {
  CHECK_IN_MESSAGES,
  dayPassSchema,
  formatNaira,
  type DayPassMethod,
  type DayPassResult,
} from '@kora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { NameFields, PhoneField } from '@/components/form/contact-fields';
import { FormActions } from '@/components/form/form-actions';
import { formFields } from '@/components/form/form-fields';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { DonePanel } from '@/components/done-panel';
import { ErrorAlert } from '@/components/form-alerts';
import { NEEDS_CONNECTION, useConnection, useEnqueue } from '@/features/offline';
import { OFFLINE_TEXTS } from '@/lib/desk-format';
import { QueuedReceipt } from '@/components/queued-receipt';
import { ReceiptActions } from '@/features/payments';
import { useKeyedSend } from '@/components/use-keyed-send';
import { ApiError } from '@/lib/api-error';
import { formAdapter } from '@/lib/form-adapter';
import { fullName } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import { useDayPassPlan, useSellDayPass } from '../api';
import { DayPassPlanNote } from './day-pass-plan-note';
import { lagosTime } from '../check-in-format';

export interface DayPassPrefill {
  first_name?: string;
  last_name?: string;
  mobile_number?: string;
}

interface DayPassValues extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  mobile_number: string;
  method: DayPassMethod | '';
}

const dayPassForm = formAdapter({
  create: dayPassSchema,
  empty: { first_name: '', last_name: '', mobile_number: '', method: '' } as DayPassValues,
});

/** The methods at the desk: a card is paid on the POS terminal. */
const METHOD_LABELS: Record<DayPassMethod, string> = {
  Cash: 'Cash',
  Card: 'POS',
  Transfer: 'Transfer',
  Paystack: 'Paystack',
};

interface DayPassFormProps {
  prefill: DayPassPrefill;
  /** Paystack is connected: the walk-in can pay by the link's QR. */
  paystackConnected: boolean;
  onDone: () => void;
}

/**
 * Sell a day pass: the walk-in's name and phone, how they pay; the payment is recorded and they
 * are checked in (Cash, POS, Transfer), or Paystack's link shows as a QR to scan.
 */
export function DayPassForm({ prefill, paystackConnected, onDone }: DayPassFormProps) {
  const sell = useSellDayPass();
  const { send, sending: sendingOnline } = useKeyedSend('day-pass', sell);
  const [sold, setSold] = useState<DayPassResult | null>(null);
  const form = useAdapterForm(dayPassForm, {
    initialValues: { ...dayPassForm.empty, ...prefill },
    error: sell.error,
  });
  const fields = formFields(form, dayPassForm);
  const mayOpenSettings = useCan('business.manage');
  const { online } = useConnection();
  const queuing = useEnqueue();
  const [queued, setQueued] = useState<{ seq?: number; name: string } | null>(null);
  const sending = sendingOnline || queuing.running;
  const dayPass = useDayPassPlan();

  if (sold) return <DayPassSold result={sold} onDone={onDone} />;
  if (queued) return <DayPassQueued seq={queued.seq} name={queued.name} onDone={onDone} />;

  /**
   * Offline: a Cash day pass is saved on this device and sent, with the time it was sold, once
   * the connection is back (the walk-in is checked in then, at that time).
   */
  const queue = (input: Record<string, unknown>, name: string) =>
    queuing.queue({ kind: 'day_pass', body: input, label: `Day pass (Cash): ${name}` }, (action) =>
      setQueued({ seq: action.seq, name }),
    );

  const submit = (values: DayPassValues) => {
    const input = { ...dayPassForm.createPayload(values), check_in: true } as Parameters<
      typeof sell.mutate
    >[0]['input'];
    if (!online) {
      if (input.method !== 'Cash') {
        form.setFieldError('method', `${METHOD_LABELS[input.method]}: ${NEEDS_CONNECTION}`);
        return;
      }
      void queue(input, fullName(input.first_name, input.last_name));
      return;
    }
    send(input, (answer) => setSold(answer.data));
  };

  const noPlan =
    sell.error instanceof ApiError &&
    sell.error.status === 409 &&
    sell.error.message === CHECK_IN_MESSAGES.noDayPassPlan;
  const methods = (['Cash', 'Card', 'Transfer', 'Paystack'] as const).filter(
    (m) => m !== 'Paystack' || paystackConnected,
  );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <ErrorAlert
          error={sell.error ?? queuing.error}
          title="Day pass not sold"
          fallback="The sale did not go through. Try again."
        />
        {noPlan && mayOpenSettings ? (
          <Anchor component={Link} to="/settings">
            Open Settings to choose the day-pass plan
          </Anchor>
        ) : null}
        <DayPassPlanNote dayPass={dayPass} mayManage={mayOpenSettings} />
        <NameFields
          first={{ ...fields.text('first_name'), label: 'First name' }}
          last={{ ...fields.text('last_name'), label: 'Last name' }}
        />
        <PhoneField label="Phone number" withAsterisk {...fields.text('mobile_number')} />
        <Radio.Group label="Payment method" withAsterisk {...form.getInputProps('method')}>
          <Group gap="md" mt={6}>
            {methods.map((m) => (
              <Radio
                key={m}
                value={m}
                label={METHOD_LABELS[m]}
                disabled={!online && m !== 'Cash'}
                description={!online && m !== 'Cash' ? NEEDS_CONNECTION : undefined}
              />
            ))}
          </Group>
        </Radio.Group>
        {online ? null : (
          <Text size="sm" c="dimmed">
            {OFFLINE_TEXTS.cashOnly}
          </Text>
        )}
        <FormActions onCancel={onDone} busy={sending} mt="xs">
          <Button type="submit" loading={sending} disabled={dayPass.state === 'none'}>
            Sell day pass
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

function DayPassSold({ result, onDone }: { result: DayPassResult; onDone: () => void }) {
  const name = fullName(result.member.first_name, result.member.last_name);
  if (result.payment_link) {
    const { url, qr_svg } = result.payment_link;
    return (
      <DonePanel title="Scan to pay with Paystack" onClose={onDone} closeLabel="Done">
        <Stack gap="xs" align="center">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr_svg)}`}
            alt={`QR code of the payment link for ${name}`}
            width={220}
            height={220}
          />
          <Text size="sm" ta="center">
            {name} scans this with their phone to pay. The day pass is recorded once Paystack
            confirms the payment.
          </Text>
          <Group gap="xs" wrap="nowrap" maw="100%">
            <Anchor
              href={url}
              target="_blank"
              rel="noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {url}
            </Anchor>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </DonePanel>
    );
  }
  const visit = result.check_in?.visit;
  const { payment } = result;
  return (
    <DonePanel
      title="Day pass sold"
      onClose={onDone}
      below={
        payment ? (
          <ReceiptActions paymentId={payment.id} receiptNumber={payment.receipt_number} />
        ) : null
      }
    >
      <Stack gap={4}>
        {result.payment ? (
          <Text size="sm">
            <strong>{formatNaira(result.payment.amount)}</strong> received from{' '}
            <strong>{name}</strong> (
            {result.payment.method === 'Card' ? 'POS' : result.payment.method}).
          </Text>
        ) : null}
        {payment ? (
          <Text size="sm">
            Receipt number: <strong>{payment.receipt_number}</strong>
          </Text>
        ) : null}
        {visit ? (
          <Text size="sm">
            {result.check_in?.already_checked_in ? 'Already checked in' : 'Checked in'} at{' '}
            {lagosTime(visit.visited_at)}.
          </Text>
        ) : null}
      </Stack>
    </DonePanel>
  );
}

/** Offline: the sale is saved on this device; the receipt number shows once it synced. */
function DayPassQueued({ seq, name, onDone }: { seq?: number; name: string; onDone: () => void }) {
  return (
    <DonePanel title={OFFLINE_TEXTS.savedWillSync} onClose={onDone}>
      <Stack gap={4}>
        <Text size="sm">
          Cash day pass for <strong>{name}</strong>: they are checked in when it syncs, at the time
          it was sold.
        </Text>
        <QueuedReceipt
          seq={seq}
          receiptOf={(result) => (result as DayPassResult | undefined)?.payment?.receipt_number}
        />
      </Stack>
    </DonePanel>
  );
}
