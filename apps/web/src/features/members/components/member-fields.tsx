import { Checkbox, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRIES, GENDERS, PRIVACY_MESSAGES, lagosDay } from '@kora/shared';
import type { ReactNode } from 'react';
import { EmailField, PhoneField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { useUserProfile } from '@/features/account';
import { useStates } from '@/features/business';
import { memberForm, type MemberFormValues } from '../member-form';

interface MemberFieldsProps {
  form: UseFormReturnType<MemberFormValues>;
  /** Asterisks on create only: on edit every field already has its value. */
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
  const gym = useUserProfile().data?.business_name ?? '';
  const { text, select } = formFields(form, memberForm);
  // The member's own details: the browser must not fill in those of the signed-in user.
  const own = (name: keyof MemberFormValues) => ({ ...text(name), autoComplete: 'off' });
  const full = { gridColumn: '1 / -1' };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Section title="Personal Information">
        <TextInput label="First Name" required={create} {...own('first_name')} />
        <TextInput label="Middle Name" {...own('middle_name')} />
        <TextInput label="Last Name" required={create} {...own('last_name')} />
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
        <PhoneField placeholder="0803 123 4567" required={create} {...own('mobile_number')} />
        {/* Optional: many members have only a phone (WhatsApp and SMS reach them). */}
        <EmailField placeholder="member@example.com" {...own('email_address')} />
        <TextInput label="Home Address" style={full} {...text('home_address')} />
        <TextInput label="City" required={create} {...text('city')} />
        {form.getValues().country_code === 'NG' ? (
          <Select
            label="State"
            placeholder="Select a state"
            required={create}
            searchable
            data={states.data ?? []}
            nothingFoundMessage="No state found"
            {...select('state')}
            // Picking the state already chosen (the gym's, to start with) keeps it.
            allowDeselect={false}
          />
        ) : (
          <TextInput label="State" required={create} {...text('state')} />
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
        <TextInput label="Emergency Contact Name" {...text('emergency_contact_name')} />
        <PhoneField label="Emergency Contact Number" {...text('emergency_contact_number')} />
        <TextInput
          label="Relationship"
          placeholder="e.g. Sister"
          {...text('emergency_contact_relationship')}
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
        {create ? (
          // Asked when the member joins (Nigeria Data Protection Act): unticked is a no. Staff
          // change the answer later on the member's page, where its history is kept.
          <Checkbox
            style={full}
            label={PRIVACY_MESSAGES.consentQuestion(gym)}
            description="Offers and news go only to members who said yes. Service notices reach everyone."
            checked={form.getValues().marketing_consent === 'yes'}
            onChange={(e) =>
              form.setFieldValue('marketing_consent', e.currentTarget.checked ? 'yes' : 'no')
            }
          />
        ) : null}
      </Section>
    </SimpleGrid>
  );
}
