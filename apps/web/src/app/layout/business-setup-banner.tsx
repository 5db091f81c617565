import { Text } from '@mantine/core';
import { useState } from 'react';
import { useUserProfile } from '@/features/account';
import { BusinessSetupPrompt } from '@/features/business';

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

  const needsSetup = profile.data != null && profile.data.business_id === null;
  if (!needsSetup || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      /* dismissed for this page view only */
    }
  };

  return (
    <BusinessSetupPrompt onDismiss={dismiss}>
      <Text size="sm" fw={500} hiddenFrom="sm">
        {SETUP_BANNER.short}
      </Text>
      <Text size="sm" fw={500} visibleFrom="sm" style={{ flex: 1, minWidth: 240 }}>
        {SETUP_BANNER.long}
      </Text>
    </BusinessSetupPrompt>
  );
}
