import { Text } from '@mantine/core';
import { BusinessSetupForm } from './business-setup-form';
import { AppModal } from '@/components/app-modal';

interface BusinessSetupModalProps {
  opened: boolean;
  onClose: () => void;
}

export function BusinessSetupModal({ opened, onClose }: BusinessSetupModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Setup Your Business"
      size="lg"
      closeOnClickOutside={false}
    >
      <Text size="sm" c="dimmed" mb="md">
        Tell us about your gym. You can change these details later in Settings.
      </Text>
      {opened ? <BusinessSetupForm onDone={onClose} onCancel={onClose} /> : null}
    </AppModal>
  );
}
