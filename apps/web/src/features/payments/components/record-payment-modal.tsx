import { useIsMutating } from '@tanstack/react-query';
import type { Member, RecordedPayment } from '@kora/shared';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader';
import { useBackCloses } from '@/components/use-back-closes';
import { useDialogTitle } from '@/components/use-dialog-title';
import { recordPaymentKey } from '../api';
import { RecordPaymentForm } from './record-payment-form';
import { AppModal } from '@/components/app-modal';

export interface RecordPaymentModalProps {
  opened: boolean;
  onClose: () => void;
  /** The payment is for this member (Update Subscription): the member picker is fixed. */
  member?: Member | null;
  /** The given member is still loading. */
  loading?: boolean;
  /**
   * More under the confirmation, from the page that opened the dialog (the check-in page's
   * "Check in"); `close` closes the dialog.
   */
  successAction?: (payment: RecordedPayment | null, close: () => void) => ReactNode;
}

/**
 * The Record Payment dialog. Its form starts afresh each time it opens; after a
 * success it shows the confirmation and closes itself 3 seconds later. It cannot be closed while
 * the payment is being sent. The browser's Back closes it; a second Back leaves the page.
 */
export function RecordPaymentModal({
  opened,
  onClose,
  member,
  loading,
  successAction,
}: RecordPaymentModalProps) {
  // While the payment is on its way the dialog stays: its outcome must be seen.
  const sending = useIsMutating({ mutationKey: recordPaymentKey }) > 0;
  useDialogTitle('Record payment', opened);
  const close = sending ? () => undefined : onClose;
  // Back closes the dialog, not the page under it.
  useBackCloses(opened, close);
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title="Record Payment"
      size="lg"
      closeOnClickOutside={false}
    >
      {loading ? (
        <PageLoader minHeight={200} />
      ) : (
        <RecordPaymentForm member={member ?? null} onDone={onClose} successAction={successAction} />
      )}
    </AppModal>
  );
}
