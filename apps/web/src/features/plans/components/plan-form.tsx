import {
  Button,
  Checkbox,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DURATION_TYPES, perUnitPrice } from '@kora/shared';
import { formFields } from '@/components/form/form-fields';
import { MoneyInput } from '@/components/form/money-input';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { ErrorAlert } from '@/components/form-alerts';
import { STAFF_PLANS_TOOLTIP, useCanManagePlans, usePlanPresets } from '../api';
import { PlanFreezingFields } from './plan-freezing-fields';
import { presetLockProps } from './preset-lock';
import {
  OTHER_PRESET,
  PLAN_TEXTS,
  canSubmitCreate,
  isPresetLocked,
  planForm,
  presetValues,
  type PlanFormValues,
} from '../plan-form';
import { FormActions } from '@/components/form/form-actions';

const DURATION_TYPE_OPTIONS = DURATION_TYPES.map((t) => ({
  value: t,
  label: `${t[0]!.toUpperCase()}${t.slice(1)}`,
}));

interface PlanFormProps {
  mode: 'create' | 'edit';
  initialValues?: PlanFormValues;
  pending: boolean;
  /** The last failed submit: its message shows above the form, its field errors under the fields. */
  error?: unknown;
  /** Saved and about to leave: nothing can change. */
  done?: boolean;
  onSubmit: (values: PlanFormValues) => void;
  onCancel: () => void;
}

/**
 * The plan form of create and edit. A preset fills and locks name, duration and type (create
 * only); numbers show their rule as typed; create waits for a valid plan, edit for a change.
 * Staff see it read-only, with the reason.
 */
export function PlanForm(props: PlanFormProps) {
  const { mode, pending, error, done, onSubmit, onCancel } = props;
  const create = mode === 'create';
  const readOnlyReason = useCanManagePlans() ? null : STAFF_PLANS_TOOLTIP;
  const presets = usePlanPresets(create);
  const form = useAdapterForm(planForm, {
    initialValues: props.initialValues,
    error,
    // Numbers show their rule as they are typed; a typed value is never corrected silently.
    validateInputOnChange: [
      'amount',
      'duration',
      'group_limit',
      'freeze_min_days',
      'freeze_max_days',
      'freeze_max_days_per_year',
      'freeze_max_per_year',
    ],
  });
  const { text, select } = formFields(form, planForm);

  const values = form.getValues();
  const locked = create && isPresetLocked(values);
  const readOnly = Boolean(readOnlyReason) || done;
  const ready = create ? canSubmitCreate(values) : form.isDirty();
  const amount = Number(values.amount) || 0;
  const duration = Number(values.duration) || 0;
  // The per-unit price shows once there is a price to divide.
  const price =
    amount > 0 && duration >= 1
      ? perUnitPrice({ amount, duration, duration_type: values.duration_type })
      : '';
  const lock = presetLockProps(locked && !readOnly);

  const submitButton = (
    <Button type="submit" loading={pending} disabled={!ready || readOnly}>
      {create ? 'Create Plan' : 'Save Changes'}
    </Button>
  );

  return (
    <>
      {done ? null : (
        <ErrorAlert
          error={error}
          title={create ? PLAN_TEXTS.createFailedTitle : PLAN_TEXTS.updateFailedTitle}
          fallback={create ? PLAN_TEXTS.createFailed : PLAN_TEXTS.updateFailed}
          mb="md"
        />
      )}
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          {create ? (
            <Select
              label="Plan Preset"
              description={
                locked
                  ? 'Name, duration and type come from this preset. Choose Other to set them yourself.'
                  : 'Pick a common plan to fill in its name and duration, or Other.'
              }
              placeholder={presets.isLoading ? 'Loading presets...' : 'Choose a preset'}
              data={[
                ...(presets.data ?? []).map((p) => ({ value: p.id, label: p.name })),
                { value: OTHER_PRESET, label: 'Other' },
              ]}
              value={values.preset}
              onChange={(choice) => form.setValues(presetValues(choice, presets.data ?? []))}
              disabled={readOnly}
              allowDeselect={false}
            />
          ) : null}
          <TextInput
            label="Plan Name"
            placeholder="e.g. Monthly Membership"
            required={create}
            readOnly={locked || readOnly}
            {...text('name')}
            {...lock}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <MoneyInput
              label="Amount"
              description={price ? `That is ${price}` : undefined}
              required={create}
              readOnly={readOnly}
              size="md"
              {...form.getInputProps('amount')}
            />
            <NumberInput
              label="Duration"
              allowDecimal={false}
              min={1}
              clampBehavior="none"
              required={create}
              readOnly={locked || readOnly}
              size="md"
              inputMode="numeric"
              {...form.getInputProps('duration')}
              {...lock}
            />
            <Select
              label="Duration Type"
              data={DURATION_TYPE_OPTIONS}
              required={create}
              readOnly={locked || readOnly}
              allowDeselect={false}
              {...select('duration_type')}
              {...lock}
            />
          </SimpleGrid>
          <Checkbox
            label="Group plan"
            description="One subscription covers several members (a family or a team)."
            disabled={readOnly}
            checked={values.is_grouped}
            onChange={(e) => {
              const grouped = e.currentTarget.checked;
              form.setFieldValue('is_grouped', grouped);
              if (!grouped) form.setFieldValue('group_limit', 1);
            }}
          />
          {values.is_grouped ? (
            <NumberInput
              label="Group Limit"
              description="The most members one subscription covers."
              allowDecimal={false}
              min={1}
              clampBehavior="none"
              required={create}
              readOnly={readOnly}
              size="md"
              maw={240}
              {...form.getInputProps('group_limit')}
            />
          ) : null}
          <PlanFreezingFields form={form} readOnly={Boolean(readOnly)} />
          {create ? null : (
            <Switch
              label={values.is_active ? 'Active' : 'Inactive'}
              description={
                values.is_active
                  ? 'Available for new subscriptions.'
                  : 'Hidden from new subscriptions; existing subscriptions continue.'
              }
              disabled={readOnly}
              {...form.getInputProps('is_active', { type: 'checkbox' })}
            />
          )}
          <FormActions onCancel={onCancel} busy={pending}>
            {readOnlyReason ? (
              <Tooltip label={readOnlyReason} multiline w={260}>
                <span>{submitButton}</span>
              </Tooltip>
            ) : (
              submitButton
            )}
          </FormActions>
          {readOnlyReason ? (
            <Text size="sm" c="dimmed">
              {readOnlyReason}
            </Text>
          ) : null}
        </Stack>
      </form>
    </>
  );
}
