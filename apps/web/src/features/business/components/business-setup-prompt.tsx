import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconAlert } from '@/components/icon-alert';
import { NO_BUSINESS_MESSAGE } from '@/lib/api-error';
import { BusinessSetupModal } from './business-setup-modal';

interface BusinessSetupPromptProps {
  /** Why the setup is asked for. */
  message?: string;
  /** What says it, in place of the message (the banner's short and long texts). */
  children?: ReactNode;
  /** A banner the user may dismiss, above the page, instead of the screen's alert. */
  onDismiss?: () => void;
}

/**
 * A screen whose records belong to a business the user has not set up yet, or the banner of
 * the back office: the reason, and a Setup Business button that opens the setup modal in place.
 */
export function BusinessSetupPrompt(props: BusinessSetupPromptProps) {
  const { message = NO_BUSINESS_MESSAGE, onDismiss } = props;
  const [opened, modal] = useDisclosure(false);
  const banner = onDismiss
    ? { mb: 'lg', withCloseButton: true, closeButtonLabel: 'Dismiss', onClose: onDismiss }
    : { role: 'alert' };
  return (
    <>
      <IconAlert color="kora" radius="lg" icon={IconBuildingStore} {...banner}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          {props.children ?? (
            <Text size="sm" fw={500}>
              {message}
            </Text>
          )}
          <Button size="sm" onClick={modal.open}>
            Setup Business
          </Button>
        </Group>
      </IconAlert>
      <BusinessSetupModal opened={opened} onClose={modal.close} />
    </>
  );
}
