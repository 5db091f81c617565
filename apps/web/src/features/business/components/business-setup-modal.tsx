import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BusinessSetupForm } from './business-setup-form';

interface BusinessSetupModalProps {
  opened: boolean;
  onClose: () => void;
}

export function BusinessSetupModal({ opened, onClose }: BusinessSetupModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Setup Your Business"
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      <Text size="sm" c="dimmed" mb="md">
        Tell us about your gym. You can change these details later in Settings.
      </Text>
      {opened ? <BusinessSetupForm onDone={onClose} onCancel={onClose} /> : null}
    </Modal>
  );
}
