import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ForgotPasswordForm } from './forgot-password-form';

interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  initialEmail?: string;
}

export function ForgotPasswordModal({ opened, onClose, initialEmail }: ForgotPasswordModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Forgot Password" centered fullScreen={phone}>
      {/* Remounted on each opening: the dialog starts at the e-mail step. */}
      {opened ? <ForgotPasswordForm initialEmail={initialEmail} onDone={onClose} /> : null}
    </Modal>
  );
}
