import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { UserProfile } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { NameFields, PhoneField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { Labelled } from '@/components/labelled';
import { formatPhone } from '@/lib/format';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useUpdateProfile } from '../api';
import { changedProfileFields, profileForm, profileFormValues } from '../profile-schema';

export const PROFILE_UPDATE_FAILED = 'An error occurred while updating your profile.';
const PROFILE_UPDATED = 'Profile updated successfully!';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Labelled label={label} weight={600}>
      <Text style={{ wordBreak: 'break-word' }}>{value || 'Not provided'}</Text>
    </Labelled>
  );
}

/** Personal information: read-only, or the edit form that sends only the changed fields. */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const success = useTimedMessage(5000);
  const form = useAdapterForm(profileForm, { initialValues: profileFormValues(profile) });
  const { text } = formFields(form, profileForm);

  const startEditing = () => {
    form.setValues(profileFormValues(profile));
    form.resetDirty();
    form.clearErrors();
    update.reset();
    setEditing(true);
  };

  const cancel = () => {
    form.setValues(profileFormValues(profile));
    form.clearErrors();
    update.reset();
    setEditing(false);
  };

  const submit = form.onSubmit((values) => {
    const changes = changedProfileFields(profile, values);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        setEditing(false);
        success.show(PROFILE_UPDATED);
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} fz="h4">
          Personal Information
        </Title>
        {!editing ? (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={startEditing}
          >
            Edit Profile
          </Button>
        ) : null}
      </Group>
      <Stack gap="md">
        <SuccessAlert message={success.message} />
        <ErrorAlert error={update.error} fallback={PROFILE_UPDATE_FAILED} />
        {editing ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NameFields first={text('first_name')} last={text('last_name')} />
                <TextInput
                  label="Email Address"
                  value={profile.email}
                  disabled
                  readOnly
                  description="Email cannot be changed"
                />
                <PhoneField autoComplete="tel" required {...text('phone_number')} />
              </SimpleGrid>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={cancel} disabled={update.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={update.isPending}>
                  Save Changes
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Field label="First Name" value={profile.first_name} />
            <Field label="Last Name" value={profile.last_name} />
            <Field label="Email Address" value={profile.email} />
            <Field label="Phone Number" value={formatPhone(profile.phone_number)} />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
