import { Alert, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { NO_BUSINESS_MESSAGE } from '@/lib/api-error';
import { BusinessSetupModal } from './business-setup-modal';

/**
 * A screen whose records belong to a business the user has not set up yet: the reason, and a
 * Setup Business button that opens the setup modal in place.
 */
export function BusinessSetupPrompt({ message = NO_BUSINESS_MESSAGE }: { message?: string }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Alert
        color="kora"
        variant="light"
        radius="lg"
        icon={<IconBuildingStore size={20} aria-hidden />}
        role="alert"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={500}>
            {message}
          </Text>
          <Button size="sm" onClick={modal.open}>
            Setup Business
          </Button>
        </Group>
      </Alert>
      <BusinessSetupModal opened={opened} onClose={modal.close} />
    </>
  );
}
