import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { AppModal } from '@/components/app-modal';
import { PageLoader } from '@/components/page-loader';

/**
 * The setup form's code (its fields, the logo picker, the form library) loads when the dialog
 * opens: the back office's shell and most pages show the prompt's button only to a user without
 * a business, and the first page after a sign-in need not fetch the form.
 */
const BusinessSetupForm = lazy(() =>
  import('./business-setup-form').then((m) => ({ default: m.BusinessSetupForm })),
);

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
      {opened ? (
        <Suspense fallback={<PageLoader minHeight={200} />}>
          <BusinessSetupForm onDone={onClose} onCancel={onClose} />
        </Suspense>
      ) : null}
    </AppModal>
  );
}
