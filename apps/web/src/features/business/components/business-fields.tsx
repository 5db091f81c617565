import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useStates } from '../api';
import type { BusinessFormValues } from '../business-form';

interface BusinessFieldsProps {
  form: UseFormReturnType<BusinessFormValues>;
  readOnly?: boolean;
}

/** The business form's fields, shared by setup and settings. */
export function BusinessFields({ form, readOnly }: BusinessFieldsProps) {
  const states = useStates();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Business Name"
        placeholder="Iron Paradise Gym"
        required
        readOnly={readOnly}
        autoComplete="organization"
        {...form.getInputProps('business_name')}
      />
      <TextInput
        label="Business Email"
        placeholder="hello@yourgym.ng (optional)"
        type="email"
        inputMode="email"
        readOnly={readOnly}
        {...form.getInputProps('business_email')}
      />
      <TextInput
        label="Address"
        placeholder="12 Admiralty Way, Lekki Phase 1"
        required
        readOnly={readOnly}
        autoComplete="street-address"
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps('address')}
      />
      <TextInput
        label="City"
        placeholder="Lagos"
        required
        readOnly={readOnly}
        autoComplete="address-level2"
        {...form.getInputProps('city')}
      />
      <Select
        label="State"
        placeholder="Select a state"
        required
        searchable
        readOnly={readOnly}
        data={states.data ?? []}
        nothingFoundMessage="No state found"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('state')}
        value={form.getValues().state || null}
        onChange={(value) => form.setFieldValue('state', value ?? '')}
      />
      <TextInput
        label="Business Phone"
        placeholder="08031234567 (optional)"
        type="tel"
        inputMode="tel"
        readOnly={readOnly}
        {...form.getInputProps('business_phone')}
      />
      <TextInput
        label="Website"
        placeholder="yourgym.ng (optional)"
        inputMode="url"
        readOnly={readOnly}
        {...form.getInputProps('website_url')}
      />
    </SimpleGrid>
  );
}
