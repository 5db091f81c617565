import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EmailField, PhoneField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { useStates } from '../api';
import { businessForm, type BusinessFormValues } from '../business-form';

interface BusinessFieldsProps {
  form: UseFormReturnType<BusinessFormValues>;
  readOnly?: boolean;
}

/** The business form's fields, shared by setup and settings. */
export function BusinessFields({ form, readOnly }: BusinessFieldsProps) {
  const states = useStates();
  const fields = formFields(form, businessForm);
  // Read-only fields look it: filled grey, not inputs waiting to be typed in.
  const locked = readOnly ? { readOnly: true, variant: 'filled' as const } : {};
  const text = (name: keyof BusinessFormValues) => ({ ...fields.text(name), ...locked });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Business Name"
        placeholder="Iron Paradise Gym"
        required
        autoComplete="organization"
        {...text('business_name')}
      />
      <EmailField
        label="Business Email"
        placeholder="hello@yourgym.ng (optional)"
        {...text('business_email')}
      />
      <TextInput
        label="Address"
        placeholder="12 Admiralty Way, Lekki Phase 1"
        required
        autoComplete="street-address"
        style={{ gridColumn: '1 / -1' }}
        {...text('address')}
      />
      <TextInput
        label="City"
        placeholder="Lagos"
        required
        autoComplete="address-level2"
        {...text('city')}
      />
      <Select
        label="State"
        placeholder="Select a state"
        required
        searchable={!readOnly}
        {...locked}
        data={states.data ?? []}
        nothingFoundMessage="No state found"
        comboboxProps={{ withinPortal: true }}
        {...fields.select('state')}
      />
      <PhoneField
        label="Business Phone"
        placeholder="08031234567 (optional)"
        {...text('business_phone')}
      />
      <TextInput
        label="Website"
        placeholder="yourgym.ng (optional)"
        inputMode="url"
        {...text('website_url')}
      />
    </SimpleGrid>
  );
}
