import { Button, Stack, Text, Textarea } from '@mantine/core';
import { dismissHeldPaymentSchema, formatNaira, type HeldPayment } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useMutationOnce } from '@/components/use-single-flight';
import { formAdapter } from '@/lib/form-adapter';
import { useDismissHeld } from '../api';
import { ONLINE_TEXTS } from '../online-format';
import { payerName } from './held-payments-list';
import { FormActions } from '@/components/form/form-actions';

const noteForm = formAdapter({ create: dismissHeldPaymentSchema, empty: { note: '' } });

interface DismissHeldFormProps {
  held: HeldPayment;
  onCancel: () => void;
  onDone: (message: string) => void;
}

/** Marks a held payment handled outside Kora (refunded, recorded by hand), saying how. */
export function DismissHeldForm({ held, onCancel, onDone }: DismissHeldFormProps) {
  const dismiss = useDismissHeld();
  const { send, pending } = useMutationOnce(dismiss);
  const form = useAdapterForm(noteForm, { error: dismiss.error });

  const submit = ({ note }: { note: string }) =>
    send(
      { id: held.id, note: note.trim() },
      {
        onSuccess: () =>
          onDone(`${formatNaira(held.amount)} from ${payerName(held)} marked handled.`),
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          <strong>{formatNaira(held.amount)}</strong> from {payerName(held)}, received by{' '}
          {held.method}. Nothing is recorded in Kora: say what was done with this payment.
        </Text>
        <ErrorAlert error={dismiss.error} title="Not saved" fallback={ONLINE_TEXTS.actionFailed} />
        <Textarea
          label="Note"
          placeholder="e.g. Refunded on Paystack, or recorded by hand as a cash payment"
          withAsterisk
          autosize
          minRows={3}
          maxLength={noteForm.maxLength('note') ?? 200}
          data-autofocus
          {...form.getInputProps('note')}
        />
        <FormActions onCancel={onCancel} busy={pending} cancelLabel="Back" mt="xs">
          <Button type="submit" loading={pending}>
            Mark handled
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
