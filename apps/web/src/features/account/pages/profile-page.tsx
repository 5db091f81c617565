import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/lib/use-page-title';
import { useUserProfile } from '../api';
import { ProfileDetails } from '../components/profile-details';
import { ProfileSummary } from '../components/profile-summary';

export const PROFILE_LOAD_FAILED = 'Unable to fetch your profile information. Please try again.';

export function ProfilePage() {
  const profile = useUserProfile();
  usePageTitle('Profile');

  let body;
  if (profile.isPending) body = <PageLoader />;
  else if (profile.isError)
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(profile.error, PROFILE_LOAD_FAILED)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  else if (!profile.data) body = <Text c="dimmed">No profile data</Text>;
  else
    body = (
      <Stack gap="lg">
        <ProfileSummary profile={profile.data} />
        <ProfileDetails profile={profile.data} />
      </Stack>
    );

  return (
    <Stack maw={880} gap={0}>
      <PageHeader title="My Profile" description="Your personal details and account settings." />
      {body}
    </Stack>
  );
}
