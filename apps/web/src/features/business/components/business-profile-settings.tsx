import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { Can } from '@/components/can';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useBusinessProfile } from '../api';
import { BUSINESS_TEXTS } from '../business-form';
import { BankDetailsSettings } from './bank-details-settings';
import { BusinessProfileForm } from './business-profile-form';
import { BusinessSetupModal } from './business-setup-modal';
import { MembersPageCard } from './members-page-card';

/**
 * Settings → Business Profile: the members' page address (Copy, Open, QR poster), the profile
 * form and the bank details for transfers; or the setup prompt when there is no business yet.
 */
export function BusinessProfileSettings() {
  const { user } = useSession();
  const business = useBusinessProfile();
  const [setupOpen, setup] = useDisclosure(false);

  if (!user?.businessId) {
    return (
      <Stack align="center" ta="center" gap="sm" py="xl">
        <IconBuildingStore size={40} stroke={1.5} aria-hidden />
        <Text fw={600}>You have not set up your business yet.</Text>
        <Text size="sm" c="dimmed" maw={420}>
          Complete your business information to unlock all features and start managing your gym
          effectively.
        </Text>
        <Button onClick={setup.open}>Setup Business</Button>
        <BusinessSetupModal opened={setupOpen} onClose={setup.close} />
      </Stack>
    );
  }
  if (business.isPending) return <PageLoader />;
  if (business.isError || !business.data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        {errorMessage(business.error, BUSINESS_TEXTS.loadFailed)}
      </Alert>
    );
  }
  const { data } = business;
  // Staff see the profile read-only; the form says why.
  return (
    <Stack gap="lg">
      <MembersPageCard url={data.members_page_url} />
      <Can action="business.manage">
        {(allowed) => (
          <>
            <BusinessProfileForm key={data.id} business={data} canEdit={allowed} />
            <BankDetailsSettings key={`bank-${data.id}`} business={data} canEdit={allowed} />
          </>
        )}
      </Can>
    </Stack>
  );
}
