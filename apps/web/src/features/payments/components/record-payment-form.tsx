import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  MAX_PAYMENT_DURATION,
  PAYMENT_METHODS,
  canGiveDiscount,
  formatNaira,
  koboToNaira,
  type Member,
  type PaymentMember,
  type RecordedPayment,
} from '@kora/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/form-alerts';
import { formFields } from '@/components/form/form-fields';
import { MoneyInput } from '@/components/form/money-input';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useKeyedSend } from '@/components/use-keyed-send';
import { useBusinessProfile } from '@/features/business';
import { NEEDS_CONNECTION, useConnection, useDeskPlans, useEnqueue } from '@/features/offline';
import { OFFLINE_TEXTS } from '@/lib/desk-format';
import { fullName } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useRecordPayment } from '../api';
import {
  PAYMENT_MODAL_CLOSE_MS,
  PAYMENT_TEXTS,
  coveredLabel,
  discountCheck,
  emptyPaymentForm,
  paidOnProblem,
  isPaymentDuration,
  paymentAmountKobo,
  paymentForm,
  planOptionLabel,
  toPaymentInput,
  type PaymentFormValues,
} from '../payment-form';
import { PaymentMemberField } from './device-member-picker';
import { GroupMembersField, groupMemberIdsFor } from './group-members-field';
import { PaymentSuccess, QueuedPaymentSuccess, type QueuedPayment } from './payment-success';
import { PaymentTermsFields } from './payment-terms-fields';

interface RecordPaymentFormProps {
  /** The payment is for this member; the picker is then fixed. */
  member: Member | null;
  /** After the confirmation (3 s, or Close) and after Cancel. */
  onDone: () => void;
  /**
   * More under the confirmation (the check-in page's "Check in"); the payment is null when it
   * was saved offline and has not synced yet.
   */
  successAction?: (payment: RecordedPayment | null, close: () => void) => ReactNode;
}

/**
 * The Record Payment form: amount = plan amount × duration; submit waits for a plan, a method
 * and a duration of 1 to 120 periods.
 */
export function RecordPaymentForm({
  member: given,
  onDone,
  successAction,
}: RecordPaymentFormProps) {
  // Offline (even after a reload) the plans this device kept when they last loaded.
  const plans = useDeskPlans();
  const record = useRecordPayment();
  const { send, sending: sendingOnline } = useKeyedSend('payment', record);
  const [member, setMember] = useState<Member | null>(given);
  const [recorded, setRecorded] = useState<RecordedPayment | null>(null);
  // Offline: the payment saved on this device, waiting to be sent.
  const [queued, setQueued] = useState<QueuedPayment | null>(null);
  const queuing = useEnqueue();
  const { online } = useConnection();
  // Sending or printing the receipt keeps the confirmation open until it is closed.
  const [kept, setKept] = useState(false);
  // A group plan's other members covered (the payer is `member`).
  const [group, setGroup] = useState<PaymentMember[]>([]);
  // A discount: owners and admins, staff when the owner allows it; the day paid: owners and
  // admins, online (an offline desk's payment keeps the time it was taken).
  const role = useSession().user?.role;
  const business = useBusinessProfile();
  const canDiscount = canGiveDiscount(role, business.data);
  const canDate = (role === 'owner' || role === 'admin') && online;
  const form = useAdapterForm(paymentForm, {
    initialValues: emptyPaymentForm(given?.id),
    error: record.error ?? queuing.error,
    validateInputOnBlur: ['subscription_type_id', 'method', 'purpose'],
    // The duration's rule shows as it is typed; the value is kept as typed, never corrected.
    validateInputOnChange: ['duration'],
  });

  // For a chosen member (Update Subscription, Renew) the plan starts on the member's current
  // plan when that plan is still active; another plan can still be chosen.
  const currentPlan = given?.subscription_type_id ?? null;
  useEffect(() => {
    if (currentPlan === null || form.getValues().subscription_type_id) return;
    if (plans.data?.some((p) => p.id === currentPlan))
      form.setFieldValue('subscription_type_id', String(currentPlan));
    // Once, when the active plans are known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plans.data, currentPlan]);

  // The confirmation stays 3 seconds, then the form resets and the modal closes; once the
  // receipt is being sent or printed it stays until closed.
  useEffect(() => {
    if (!recorded || kept) return;
    const timer = setTimeout(() => {
      setRecorded(null);
      setMember(given);
      setGroup([]);
      form.reset();
      onDone();
    }, PAYMENT_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
    // Runs once per recorded payment, and stops when the receipt is used.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recorded, kept]);

  if (recorded)
    return (
      <PaymentSuccess
        payment={recorded}
        onClose={onDone}
        below={successAction?.(recorded, onDone)}
        onReceiptUse={() => setKept(true)}
      />
    );

  // It stays until closed: the desk watches it reach the server and get its receipt number.
  if (queued)
    return (
      <QueuedPaymentSuccess
        payment={queued}
        onClose={onDone}
        below={successAction?.(null, onDone)}
      />
    );

  const values = form.getValues();
  const plan = plans.data?.find((p) => String(p.id) === values.subscription_type_id);
  const priceKobo = paymentAmountKobo(plan, values.duration);
  const discount = canDiscount ? discountCheck(values, priceKobo) : { kobo: 0 };
  // What is paid: the price less the discount (the server computes the same).
  const kobo = priceKobo - discount.kobo;
  const periods = Number(values.duration);
  const durationOk = isPaymentDuration(values.duration);
  const sending = sendingOnline || queuing.running;

  /**
   * Offline: a Cash payment is saved on this device and sent, with the time it was taken, once
   * the connection is back; the receipt number is the server's, so it comes then.
   */
  const queue = (input: Record<string, unknown>, amount: number, planName: string) => {
    const name = member ? fullName(member.first_name, member.last_name) : '';
    return queuing.queue(
      { kind: 'payment', body: input, label: `Cash ${formatNaira(amount)}: ${name} (${planName})` },
      (action) => setQueued({ seq: action.seq, amount, name, plan: planName }),
    );
  };

  const chooseMember = (m: Member | null) => {
    setMember(m);
    form.setFieldValue('member_id', m ? String(m.id) : '');
    if (m) form.clearFieldError('member_id');
  };

  const submit = (v: PaymentFormValues) => {
    if (!plan || priceKobo === 0) return;
    if (discount.error) {
      form.setFieldError(discount.error.field, discount.error.message);
      return;
    }
    const dayProblem = canDate ? paidOnProblem(v.paid_on) : null;
    if (dayProblem) {
      form.setFieldError('paid_on', dayProblem);
      return;
    }
    const others = groupMemberIdsFor(plan, group);
    const input = {
      ...toPaymentInput(
        {
          ...v,
          discount_type: canDiscount ? v.discount_type : '',
          paid_on: canDate ? v.paid_on : '',
        },
        plan,
      ),
      ...(others.length ? { group_member_ids: others } : {}),
    };
    if (!online) {
      if (input.method !== 'Cash') {
        form.setFieldError('method', `${input.method}: ${NEEDS_CONNECTION}`);
        return;
      }
      void queue(input, koboToNaira(kobo), plan.name);
      return;
    }
    send(input, (answer) => setRecorded(answer.data));
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <ErrorAlert
          error={record.error ?? queuing.error}
          title={PAYMENT_TEXTS.recordFailedTitle}
          fallback={PAYMENT_TEXTS.recordFailed}
        />
        <PaymentMemberField
          given={given}
          online={online}
          value={member}
          error={form.errors.member_id}
          onChange={chooseMember}
        />
        <Select
          label="Subscription Plan"
          placeholder={plans.isLoading ? 'Loading plans...' : 'Select a plan'}
          withAsterisk
          // Offline a group plan cannot be sold: choosing the other members needs the server.
          data={(plans.data ?? []).map((p) =>
            online || p.is_grouped !== 1
              ? { value: String(p.id), label: planOptionLabel(p) }
              : {
                  value: String(p.id),
                  label: `${planOptionLabel(p)} (${NEEDS_CONNECTION})`,
                  disabled: true,
                },
          )}
          nothingFoundMessage="No active plans"
          data-autofocus={given ? true : undefined}
          {...form.getInputProps('subscription_type_id')}
        />
        {plans.missing ? (
          <Text size="xs" c="red">
            The plans could not be loaded. Check your connection and open this again.
          </Text>
        ) : plans.data && plans.data.length === 0 ? (
          <Text size="xs" c="red">
            There are no active subscription plans. Create or activate a plan first.
          </Text>
        ) : null}
        <GroupMembersField plan={plan} payer={member} value={group} onChange={setGroup} />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="Duration"
            withAsterisk
            description={
              plan && durationOk
                ? `Plan periods: covers ${coveredLabel(plan, periods)}`
                : `Number of plan periods (1 to ${MAX_PAYMENT_DURATION})`
            }
            min={1}
            max={MAX_PAYMENT_DURATION}
            clampBehavior="none"
            allowDecimal={false}
            inputMode="numeric"
            miw={140}
            {...form.getInputProps('duration')}
          />
          <Select
            label="Payment Method"
            placeholder="Select payment method"
            withAsterisk
            data={PAYMENT_METHODS.map((m) =>
              online || m === 'Cash'
                ? m
                : { value: m, label: `${m} (${NEEDS_CONNECTION})`, disabled: true },
            )}
            description={online ? undefined : OFFLINE_TEXTS.cashOnly}
            miw={140}
            {...form.getInputProps('method')}
          />
        </Group>
        <TextInput label="Purpose" {...formFields(form, paymentForm).text('purpose')} />
        <PaymentTermsFields form={form} canDiscount={canDiscount} canDate={canDate} />
        <MoneyInput
          label="Amount"
          description={
            discount.kobo > 0
              ? `Plan amount × duration (${formatNaira(koboToNaira(priceKobo))}) less the discount`
              : 'Plan amount × duration'
          }
          readOnly
          value={koboToNaira(kobo)}
          styles={{ input: { fontWeight: 700 } }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending} disabled={priceKobo === 0 || !durationOk}>
            Record Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
