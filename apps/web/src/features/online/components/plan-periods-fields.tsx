import { NumberInput, Select, Text, type SelectProps } from '@mantine/core';
import { durationLabel, MAX_PAYMENT_DURATION, type Plan } from '@kora/shared';
import type { ReactNode } from 'react';
import { isPeriods, planLabel } from '../online-format';

interface PlanPeriodsFieldsProps {
  /** The active plans (undefined while they load). */
  plans: Plan[] | undefined;
  plansFailed: boolean;
  plan: Plan | undefined;
  planProps: Pick<SelectProps, 'onChange' | 'onBlur' | 'error'>;
  periods: number | string;
  periodsProps: {
    onChange: (value: number | string) => void;
    onBlur?: () => void;
    error?: ReactNode;
  };
}

/** The plan and how many of its periods: what a payment link or a held payment pays for. */
export function PlanPeriodsFields(props: PlanPeriodsFieldsProps) {
  const { plans, plansFailed, plan, planProps, periods, periodsProps } = props;
  const covered =
    plan && isPeriods(periods)
      ? `Plan periods: covers ${durationLabel(plan.duration * Number(periods), plan.duration_type)}`
      : `Number of plan periods (1 to ${MAX_PAYMENT_DURATION})`;
  return (
    <>
      <Select
        label="Subscription Plan"
        placeholder={plans ? 'Select a plan' : 'Loading plans...'}
        withAsterisk
        data={(plans ?? []).map((p) => ({ value: String(p.id), label: planLabel(p) }))}
        nothingFoundMessage="No active plans"
        {...planProps}
        value={plan ? String(plan.id) : null}
      />
      {plansFailed ? (
        <Text size="xs" c="red">
          The plans could not be loaded. Check your connection and open this again.
        </Text>
      ) : plans && plans.length === 0 ? (
        <Text size="xs" c="red">
          There are no active subscription plans. Create or activate a plan first.
        </Text>
      ) : null}
      <NumberInput
        label="Duration"
        withAsterisk
        description={covered}
        min={1}
        max={MAX_PAYMENT_DURATION}
        clampBehavior="none"
        allowDecimal={false}
        inputMode="numeric"
        {...periodsProps}
        value={periods}
      />
    </>
  );
}
