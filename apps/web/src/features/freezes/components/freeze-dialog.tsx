import { Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  addDays,
  formatNaira,
  freezeInputSchema,
  lagosDay,
  type FreezeData,
  type Member,
  type PaymentMethod,
} from '@kora/shared';
import { usePlans } from '@/lib/use-plans';
import { AppModal } from '@/components/app-modal';
import { ErrorAlert } from '@/components/form-alerts';
import { FormActions } from '@/components/form/form-actions';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useKeyedSend } from '@/components/use-keyed-send';
import { ApiError } from '@/lib/api-error';
import { formAdapter } from '@/lib/form-adapter';
import { useFreezeMember } from '../api';
import { FREEZE_TEXTS } from '../freeze-format';
import { FEE_METHOD_OPTIONS } from './fee-approval';

type FreezeFormValues = {
  start_date: string;
  end_date: string;
  reason: string;
  fee_method: PaymentMethod | '';
};

const freezeForm = formAdapter({
  create: freezeInputSchema,
  empty: { start_date: '', end_date: '', reason: '', fee_method: '' } as FreezeFormValues,
  // No fee method chosen: none is sent (a plan without a fee).
  toSchema: ({ fee_method, ...v }) => ({ ...v, ...(fee_method ? { fee_method } : {}) }),
});

interface FreezeDialogProps {
  member: Pick<Member, 'id' | 'first_name' | 'last_name' | 'subscription_type'>;
  opened: boolean;
  onClose: () => void;
}

/** From, to and why; the plan's rule that refuses it shows on the field it is about. */
function FreezeForm({ member, onClose }: Omit<FreezeDialogProps, 'opened'>) {
  const freeze = useFreezeMember(member.id);
  const { send, sending } = useKeyedSend(`freeze-${member.id}`, freeze);
  const today = lagosDay();
  const form = useAdapterForm(freezeForm, {
    initialValues: { start_date: today, end_date: addDays(today, 6), reason: '', fee_method: '' },
    error: freeze.error,
  });
  // The member's plan's freeze fee, taken at the desk: asked when the plan has one (or when the
  // server says it does).
  const plans = usePlans();
  const fee = plans.data?.find((p) => p.id === member.subscription_type?.id)?.freeze_fee ?? null;
  const asksFee = Boolean(fee) || Boolean(form.errors.fee_method);

  const submit = (values: FreezeFormValues) => {
    const input = freezeForm.createPayload(values) as FreezeData;
    send(input, onClose);
  };

  // A refusal on a field shows there; one about the whole freeze shows above the form.
  const onField = freeze.error instanceof ApiError && !!freeze.error.errors;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {`${member.first_name} ${member.last_name}`.trim()}: {FREEZE_TEXTS.explain}
        </Text>
        {onField ? null : (
          <ErrorAlert
            error={freeze.error}
            title={FREEZE_TEXTS.failedTitle}
            fallback={FREEZE_TEXTS.failed}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="From"
            description="First day frozen"
            withAsterisk
            {...form.getInputProps('start_date')}
          />
          <TextInput
            type="date"
            label="To"
            description="Last day frozen"
            withAsterisk
            {...form.getInputProps('end_date')}
          />
        </Group>
        {asksFee ? (
          <Select
            label={fee ? `Freeze fee ${formatNaira(fee)} paid by` : 'Freeze fee paid by'}
            placeholder="Choose how the member paid"
            withAsterisk
            data={FEE_METHOD_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('fee_method')}
          />
        ) : null}
        <Textarea
          label="Reason"
          placeholder="Travel, injury, exams…"
          autosize
          minRows={2}
          maxLength={freezeForm.maxLength('reason')}
          {...form.getInputProps('reason')}
        />
        <FormActions onCancel={onClose} busy={sending}>
          <Button type="submit" loading={sending}>
            Freeze
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** The Freeze dialog of member details: staff freeze the member at once. */
export function FreezeDialog({ member, opened, onClose }: FreezeDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={FREEZE_TEXTS.dialogTitle}>
      {opened ? <FreezeForm member={member} onClose={onClose} /> : null}
    </AppModal>
  );
}
