import { Button, Radio, Stack, Text } from '@mantine/core';
import {
  LINK_CHANNELS,
  PAYMENT_LINK_LIFETIME_DAYS,
  createPaymentLinkSchema,
  type LinkChannel,
  type Member,
  type PaymentLink,
  type PaymentMember,
} from '@kora/shared';
import { useState } from 'react';
import { ErrorAlert } from '@/components/form-alerts';
import { MoneyInput } from '@/components/form/money-input';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useSubmissionKey } from '@/components/use-submission-key';
import { GroupMembersField, groupMemberIdsFor } from '@/features/payments';
import { formAdapter } from '@/lib/form-adapter';
import { usePlans } from '@/lib/use-plans';
import { useCreatePaymentLink } from '../api';
import { ONLINE_TEXTS, firstChannel, isPeriods, linkAmount, reachable } from '../online-format';
import { LinkCreated } from './link-created';
import { PlanPeriodsFields } from './plan-periods-fields';
import { FormActions } from '@/components/form/form-actions';

interface LinkFormValues extends Record<string, unknown> {
  subscription_type_id: string | null;
  duration: number | string;
  channel: LinkChannel;
}

const linkForm = formAdapter({
  create: createPaymentLinkSchema,
  empty: { subscription_type_id: null, duration: 1, channel: 'copy' } as LinkFormValues,
});

const UNREACHABLE: Partial<Record<LinkChannel, string>> = {
  whatsapp: 'No phone number',
  sms: 'No phone number',
  email: 'No e-mail address',
};

interface SendLinkFormProps {
  member: Member;
  /** The plan chosen at first (the member's current one), if still active. */
  planId?: number | null;
  onDone: () => void;
}

/** A payment link for plan × periods, sent to the member or copied; then the link to copy. */
export function SendLinkForm({ member, planId, onDone }: SendLinkFormProps) {
  const plans = usePlans(true);
  const create = useCreatePaymentLink();
  const submission = useSubmissionKey('payment-link');
  const [created, setCreated] = useState<PaymentLink | null>(null);
  // A group plan's other members the payment will cover (the payer is `member`).
  const [group, setGroup] = useState<PaymentMember[]>([]);
  const can = reachable(member);
  const form = useAdapterForm(linkForm, {
    initialValues: {
      subscription_type_id: planId ? String(planId) : null,
      duration: 1,
      channel: firstChannel(member),
    },
    error: create.error,
    validateInputOnChange: ['duration'],
  });

  if (created) return <LinkCreated link={created} onClose={onDone} />;

  const values = form.getValues();
  const plan = plans.data?.find((p) => String(p.id) === values.subscription_type_id);
  const amount = linkAmount(plan, values.duration);
  const sending = create.isPending || submission.sending;

  const submit = (v: LinkFormValues) => {
    if (!plan || amount === 0) return;
    const input = {
      subscription_type_id: plan.id,
      duration: Number(v.duration),
      channel: v.channel,
      ...(groupMemberIdsFor(plan, group).length
        ? { group_member_ids: groupMemberIdsFor(plan, group) }
        : {}),
    };
    // A second click while the first is on its way sends nothing; a retry reuses the key.
    const key = submission.start({ member_id: member.id, ...input });
    if (!key) return;
    create.mutate(
      { memberId: member.id, input, key },
      {
        onSuccess: (answer) => {
          submission.settle(true);
          setCreated(answer.data);
        },
        onError: () => submission.settle(false),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <ErrorAlert
          error={create.error}
          title="No link created"
          fallback={ONLINE_TEXTS.linkFailed}
        />
        <Text size="sm">
          For <strong>{`${member.first_name} ${member.last_name}`}</strong>. They pay by card, bank
          transfer or USSD; the link can be paid for {PAYMENT_LINK_LIFETIME_DAYS} days.
        </Text>
        <PlanPeriodsFields
          plans={plans.data}
          plansFailed={plans.isError}
          plan={plan}
          planProps={form.getInputProps('subscription_type_id')}
          periods={values.duration}
          periodsProps={form.getInputProps('duration')}
        />
        <GroupMembersField plan={plan} payer={member} value={group} onChange={setGroup} />
        <MoneyInput
          label="Amount"
          description="Plan amount × duration"
          readOnly
          value={amount}
          styles={{ input: { fontWeight: 700 } }}
        />
        <Radio.Group label="Send by" withAsterisk {...form.getInputProps('channel')}>
          <Stack gap="xs" mt={6}>
            {LINK_CHANNELS.map(({ key, label }) => (
              <Radio
                key={key}
                value={key}
                label={label}
                disabled={!can[key]}
                description={can[key] ? undefined : UNREACHABLE[key]}
              />
            ))}
          </Stack>
        </Radio.Group>
        <FormActions onCancel={onDone} busy={sending} mt="xs">
          <Button
            type="submit"
            loading={sending}
            disabled={amount === 0 || !isPeriods(values.duration)}
          >
            Create link
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
