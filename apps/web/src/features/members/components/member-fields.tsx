import { Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRIES, GENDERS, lagosDay } from '@kora/shared';
import type { ReactNode } from 'react';
import { useStates } from '@/features/business/api';
import type { MemberFormValues } from '../member-form';

interface MemberFieldsProps {
  form: UseFormReturnType<MemberFormValues>;
  /** Asterisks only on create (spec 02 §5). */
  create: boolean;
  planOptions: { value: string; label: string }[];
  plansLoading: boolean;
}

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Title order={3} fz="h5" mt="xs" style={{ gridColumn: '1 / -1' }}>
        {title}
      </Title>
      {children}
    </>
  );
}

/** The member form's fields, grouped; one column on a phone. */
export function MemberFields({ form, create, planOptions, plansLoading }: MemberFieldsProps) {
  const states = useStates();
  const v = form.getValues();
  const select = (key: keyof MemberFormValues) => ({
    ...form.getInputProps(key),
    value: v[key] || null,
    onChange: (value: string | null) => form.setFieldValue(key, value ?? ''),
  });
  const full = { gridColumn: '1 / -1' };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Section title="Personal Information">
        <TextInput
          label="First Name"
          required={create}
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label="Middle Name"
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps('middle_name')}
        />
        <TextInput
          label="Last Name"
          required={create}
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps('last_name')}
        />
        <Select
          label="Gender"
          placeholder="Select gender"
          data={[...GENDERS]}
          clearable
          {...select('gender')}
        />
        <TextInput
          label="Date of Birth"
          type="date"
          max={lagosDay()}
          min="1900-01-01"
          {...form.getInputProps('date_of_birth')}
        />
      </Section>
      <Section title="Contact Information">
        <TextInput
          label="Phone Number"
          placeholder="0803 123 4567"
          required={create}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          {...form.getInputProps('mobile_number')}
        />
        <TextInput
          label="Email Address"
          placeholder="member@example.com"
          required={create}
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          {...form.getInputProps('email_address')}
        />
        <TextInput
          label="Home Address"
          style={full}
          maxLength={300}
          {...form.getInputProps('home_address')}
        />
        <TextInput label="City" required={create} maxLength={100} {...form.getInputProps('city')} />
        {v.country_code === 'NG' ? (
          <Select
            label="State"
            placeholder="Select a state"
            required={create}
            searchable
            data={states.data ?? []}
            nothingFoundMessage="No state found"
            {...select('state')}
          />
        ) : (
          <TextInput
            label="State"
            required={create}
            maxLength={100}
            {...form.getInputProps('state')}
          />
        )}
        <Select
          label="Country"
          data={COUNTRY_OPTIONS}
          searchable
          allowDeselect={false}
          {...select('country_code')}
        />
      </Section>
      <Section title="Emergency Contact">
        <TextInput
          label="Emergency Contact Name"
          maxLength={200}
          {...form.getInputProps('emergency_contact_name')}
        />
        <TextInput
          label="Emergency Contact Number"
          type="tel"
          inputMode="tel"
          maxLength={20}
          {...form.getInputProps('emergency_contact_number')}
        />
        <TextInput
          label="Relationship"
          placeholder="e.g. Sister"
          maxLength={100}
          {...form.getInputProps('emergency_contact_relationship')}
        />
      </Section>
      <Section title="Subscription">
        <Select
          label="Subscription Plan"
          placeholder={plansLoading ? 'Loading plans...' : 'No plan yet'}
          description="Payments are recorded separately; this is the plan the member signs up for."
          data={planOptions}
          clearable
          style={full}
          nothingFoundMessage="No active plans"
          {...select('subscription_type_id')}
        />
      </Section>
    </SimpleGrid>
  );
}
