import { ForgotPasswordForm } from './forgot-password-form';
import { AppModal } from '@/components/app-modal';

interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  initialEmail?: string;
}

export function ForgotPasswordModal({ opened, onClose, initialEmail }: ForgotPasswordModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Forgot Password" centered>
      {/* Remounted on each opening: the dialog starts at the e-mail step. */}
      {opened ? <ForgotPasswordForm initialEmail={initialEmail} onDone={onClose} /> : null}
    </AppModal>
  );
}
