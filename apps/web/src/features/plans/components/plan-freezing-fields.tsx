import { Fieldset, NumberInput, SimpleGrid, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MoneyInput } from '@/components/form/money-input';
import type { PlanFormValues } from '../plan-form';

interface PlanFreezingFieldsProps {
  form: UseFormReturnType<PlanFormValues>;
  readOnly: boolean;
}

/** A whole number of days (or freezes): empty is no limit. */
function RuleInput({
  form,
  readOnly,
  field,
  label,
  description,
}: PlanFreezingFieldsProps & {
  field: 'freeze_min_days' | 'freeze_max_days' | 'freeze_max_days_per_year' | 'freeze_max_per_year';
  label: string;
  description: string;
}) {
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder="No limit"
      allowDecimal={false}
      allowNegative={false}
      min={1}
      clampBehavior="none"
      readOnly={readOnly}
      inputMode="numeric"
      {...form.getInputProps(field)}
    />
  );
}

/**
 * The plan's freezing rules: whether its members may be frozen, for how many days a freeze (at
 * least, at most), how many frozen days and freezes in a year, and the fee; and whether members
 * may buy the plan on their own page.
 */
export function PlanFreezingFields({ form, readOnly }: PlanFreezingFieldsProps) {
  const values = form.getValues();
  return (
    <>
      <Switch
        label="Available online"
        description="Members may buy this plan on their own page."
        disabled={readOnly}
        {...form.getInputProps('available_online', { type: 'checkbox' })}
      />
      <Fieldset legend="Freezing" variant="unstyled">
        <Switch
          label="Members may freeze this plan"
          description="A freeze pauses the membership: its days are added to the end."
          disabled={readOnly}
          {...form.getInputProps('freeze_allowed', { type: 'checkbox' })}
        />
        {values.freeze_allowed ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="sm">
            <RuleInput
              form={form}
              readOnly={readOnly}
              field="freeze_min_days"
              label="Minimum days"
              description="The shortest freeze"
            />
            <RuleInput
              form={form}
              readOnly={readOnly}
              field="freeze_max_days"
              label="Maximum days"
              description="The longest freeze"
            />
            <RuleInput
              form={form}
              readOnly={readOnly}
              field="freeze_max_days_per_year"
              label="Days a year"
              description="Frozen days in any 365 days"
            />
            <RuleInput
              form={form}
              readOnly={readOnly}
              field="freeze_max_per_year"
              label="Freezes a year"
              description="Freezes in any 365 days"
            />
            <MoneyInput
              label="Freeze fee"
              description="Empty or 0: free"
              readOnly={readOnly}
              {...form.getInputProps('freeze_fee')}
            />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            Members of this plan cannot be frozen.
          </Text>
        )}
      </Fieldset>
    </>
  );
}
