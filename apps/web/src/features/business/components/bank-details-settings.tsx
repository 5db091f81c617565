import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import {
  BANK_MESSAGES,
  NOT_ALLOWED,
  updateBusinessSchema,
  type BusinessProfile,
} from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useUpdateBusiness } from '../api';

export const BANK_TEXTS = {
  title: 'Bank details for transfers',
  description:
    'Members who cannot pay online see these on your members’ page, with your phone number. ' +
    'Leave all three empty to show none.',
  bankName: 'Bank name',
  accountNumber: 'Account number',
  accountNumberHint: '10 digits (NUBAN)',
  accountName: 'Account name',
  save: 'Save bank details',
  saved: 'Bank details saved',
  saveFailed: 'We could not save the bank details. Please try again.',
} as const;

const FIELDS = ['bank_name', 'bank_account_number', 'bank_account_name'] as const;
type BankValues = Record<(typeof FIELDS)[number], string>;

const valuesOf = (b: BusinessProfile): BankValues => ({
  bank_name: b.bank_name ?? '',
  bank_account_number: b.bank_account_number ?? '',
  bank_account_name: b.bank_account_name ?? '',
});

/** Each field by the shared rule; then all three or none. */
const validate = (values: BankValues): FormErrors => {
  const errors: FormErrors = {};
  for (const f of FIELDS) {
    const parsed = updateBusinessSchema.shape[f].safeParse(values[f]);
    if (!parsed.success) errors[f] = parsed.error.issues[0]?.message;
  }
  const filled = FIELDS.filter((f) => values[f].trim());
  if (filled.length > 0 && filled.length < FIELDS.length)
    for (const f of FIELDS) if (!values[f].trim()) errors[f] ??= BANK_MESSAGES.incomplete;
  return errors;
};

const adapter = {
  empty: { bank_name: '', bank_account_number: '', bank_account_name: '' },
  validate,
};

/**
 * Settings → Business Profile: the bank account members may pay into by transfer, shown on the
 * members' renew page when the gym takes no payments online. Owners and admins change it; staff
 * see it read-only.
 */
export function BankDetailsSettings({
  business,
  canEdit,
}: {
  business: BusinessProfile;
  canEdit: boolean;
}) {
  const update = useUpdateBusiness();
  const form = useAdapterForm(adapter, { initialValues: valuesOf(business), error: update.error });
  const submit = form.onSubmit((v) => {
    update.reset();
    // '' clears a field; the three go together.
    update.mutate(
      {
        bank_name: v.bank_name,
        bank_account_number: v.bank_account_number,
        bank_account_name: v.bank_account_name,
      },
      {
        onSuccess: (answer) => {
          const saved = valuesOf(answer.data);
          form.setInitialValues(saved);
          form.setValues(saved);
          form.resetDirty(saved);
        },
      },
    );
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="h5">
            {BANK_TEXTS.title}
          </Title>
          <Text size="sm" c="dimmed">
            {canEdit ? BANK_TEXTS.description : NOT_ALLOWED}
          </Text>
          <TextInput
            label={BANK_TEXTS.bankName}
            maxLength={100}
            readOnly={!canEdit}
            {...form.getInputProps('bank_name')}
          />
          <TextInput
            label={BANK_TEXTS.accountNumber}
            description={BANK_TEXTS.accountNumberHint}
            inputMode="numeric"
            maxLength={20}
            readOnly={!canEdit}
            {...form.getInputProps('bank_account_number')}
          />
          <TextInput
            label={BANK_TEXTS.accountName}
            maxLength={150}
            readOnly={!canEdit}
            {...form.getInputProps('bank_account_name')}
          />
          <ErrorAlert error={update.error} fallback={BANK_TEXTS.saveFailed} />
          <SuccessAlert message={update.isSuccess ? BANK_TEXTS.saved : undefined} />
          {canEdit ? (
            <Group>
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                {BANK_TEXTS.save}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
