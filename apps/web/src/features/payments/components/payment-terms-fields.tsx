import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DISCOUNT_REASON_MAX,
  PAID_ON_MAX_DAYS_BACK,
  addDays,
  lagosDay,
  type DiscountType,
} from '@kora/shared';
import type { PaymentFormValues } from '../payment-form';

const DISCOUNT_CHOICES: { value: '' | DiscountType; label: string }[] = [
  { value: '', label: 'No discount' },
  { value: 'naira', label: 'Naira (₦)' },
  { value: 'percent', label: 'Percent (%)' },
];

interface PaymentTermsFieldsProps {
  form: UseFormReturnType<PaymentFormValues>;
  /** Owners and admins, and staff when the owner allows it. */
  canDiscount: boolean;
  /** Owners and admins, online (an offline desk's payment keeps the time it was taken). */
  canDate: boolean;
}

/**
 * Record Payment's discount (naira or percent, with a required reason) and the day it was paid
 * (today or up to 31 days back). Each shows only to those who may use it.
 */
export function PaymentTermsFields({ form, canDiscount, canDate }: PaymentTermsFieldsProps) {
  if (!canDiscount && !canDate) return null;
  const values = form.getValues();
  const today = lagosDay();
  return (
    <>
      {canDiscount ? (
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Discount"
            data={DISCOUNT_CHOICES}
            allowDeselect={false}
            miw={140}
            {...form.getInputProps('discount_type')}
            value={values.discount_type}
            onChange={(v) => {
              form.setFieldValue('discount_type', (v ?? '') as PaymentFormValues['discount_type']);
              form.clearFieldError('discount_value');
              form.clearFieldError('discount_reason');
            }}
          />
          {values.discount_type ? (
            <NumberInput
              label={values.discount_type === 'percent' ? 'Discount (%)' : 'Discount (₦)'}
              withAsterisk
              min={0}
              max={values.discount_type === 'percent' ? 100 : undefined}
              decimalScale={2}
              thousandSeparator={values.discount_type === 'naira' ? ',' : undefined}
              clampBehavior="none"
              miw={140}
              {...form.getInputProps('discount_value')}
            />
          ) : null}
        </Group>
      ) : null}
      {canDiscount && values.discount_type ? (
        <TextInput
          label="Reason for the discount"
          withAsterisk
          maxLength={DISCOUNT_REASON_MAX}
          {...form.getInputProps('discount_reason')}
        />
      ) : null}
      {canDate ? (
        <TextInput
          type="date"
          label="Day paid"
          description={`Leave empty for today; up to ${PAID_ON_MAX_DAYS_BACK} days back`}
          min={addDays(today, -PAID_ON_MAX_DAYS_BACK)}
          max={today}
          {...form.getInputProps('paid_on')}
        />
      ) : null}
    </>
  );
}
