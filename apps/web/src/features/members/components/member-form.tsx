import { Button, Group, Stack } from '@mantine/core';
import { formatNaira, type MemberPlan } from '@kora/shared';
import { useEffect, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/form-alerts';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useBusinessProfile } from '@/features/business';
import { ApiError } from '@/lib/api-error';
import { usePlans } from '@/lib/use-plans';
import { MEMBER_TEXTS, memberForm, type MemberFormValues } from '../member-form';
import { MemberFields } from './member-fields';

interface MemberFormProps {
  mode: 'create' | 'edit';
  initialValues?: MemberFormValues;
  /** The member's plan now: listed even when it is no longer active. */
  currentPlan?: MemberPlan | null;
  pending: boolean;
  /** The last failed save: field errors go under the fields, the rest above the form. */
  error: unknown;
  onSubmit: (values: MemberFormValues) => void;
  onCancel: () => void;
  /** Shown above the fields (the picture on create). */
  top?: ReactNode;
  /** Shown under the fields (the reminders opt-out on edit). */
  bottom?: ReactNode;
}

/**
 * The member form of add and edit. A new member's City and State start as the gym's own (most
 * members live near their gym), once the business profile is known, unless already typed in;
 * both stay editable.
 */
export function MemberForm(props: MemberFormProps) {
  const { mode, currentPlan, pending, error, onSubmit, onCancel, top, bottom } = props;
  const create = mode === 'create';
  const plans = usePlans(true);
  const form = useAdapterForm(memberForm, { initialValues: props.initialValues, error });
  const gym = useBusinessProfile().data;
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    if (!create || !gym) return;
    const { city, state } = getValues();
    if (!city && gym.city) setFieldValue('city', gym.city);
    if (!state && gym.state) setFieldValue('state', gym.state);
  }, [create, gym, getValues, setFieldValue]);

  const planOptions = (plans.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.name} (${formatNaira(p.amount)})`,
  }));
  if (currentPlan && !planOptions.some((o) => o.value === String(currentPlan.id)))
    planOptions.push({ value: String(currentPlan.id), label: `${currentPlan.name} (inactive)` });

  const fieldErrors = error instanceof ApiError && error.errors;
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <ErrorAlert
          error={fieldErrors ? null : error}
          title={MEMBER_TEXTS.saveFailedTitle}
          fallback={MEMBER_TEXTS.saveFailed}
        />
        {top}
        <MemberFields
          form={form}
          create={create}
          planOptions={planOptions}
          plansLoading={plans.isLoading}
        />
        {bottom}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {create ? 'Add Member' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
