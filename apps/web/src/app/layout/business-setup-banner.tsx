import { Alert, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserProfile } from '@/features/account';
import { BusinessSetupModal } from '@/features/business';

const DISMISSED_KEY = 'kora.setupBannerDismissed';

export const SETUP_BANNER = {
  short: 'Complete your business setup to get started!',
  long: 'Complete your business information to unlock all features and start managing your gym effectively.',
} as const;

const wasDismissed = () => {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** Shown while the signed-in user's profile has no business; dismissible for this tab's session. */
export function BusinessSetupBanner() {
  const profile = useUserProfile();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [opened, modal] = useDisclosure(false);

  const needsSetup = profile.data != null && profile.data.business_id === null;
  if (!needsSetup) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      /* dismissed for this page view only */
    }
  };

  return (
    <>
      {!dismissed ? (
        <Alert
          color="kora"
          variant="light"
          radius="lg"
          mb="lg"
          icon={<IconBuildingStore size={20} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismiss}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={500} hiddenFrom="sm">
              {SETUP_BANNER.short}
            </Text>
            <Text size="sm" fw={500} visibleFrom="sm" style={{ flex: 1, minWidth: 240 }}>
              {SETUP_BANNER.long}
            </Text>
            <Button size="sm" onClick={modal.open}>
              Setup Business
            </Button>
          </Group>
        </Alert>
      ) : null}
      <BusinessSetupModal opened={opened} onClose={modal.close} />
    </>
  );
}
