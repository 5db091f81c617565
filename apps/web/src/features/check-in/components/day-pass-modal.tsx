import { useIsMutating } from '@tanstack/react-query';
import { dayPassMutationKey } from '../api';
import { AppModal } from '@/components/app-modal';
import { useDialogTitle } from '@/components/use-dialog-title';
import { DayPassForm, type DayPassPrefill } from './day-pass-form';

interface DayPassModalProps {
  opened: boolean;
  onClose: () => void;
  prefill: DayPassPrefill;
  paystackConnected: boolean;
}

/** The Sell day pass dialog: a fresh form each time it opens; it stays while the sale is sent. */
export function DayPassModal({ opened, onClose, prefill, paystackConnected }: DayPassModalProps) {
  const sending = useIsMutating({ mutationKey: dayPassMutationKey }) > 0;
  useDialogTitle('Sell day pass', opened);
  return (
    <AppModal
      opened={opened}
      onClose={sending ? () => undefined : onClose}
      title="Sell day pass"
      size="md"
      closeOnClickOutside={false}
    >
      {opened ? (
        <DayPassForm prefill={prefill} paystackConnected={paystackConnected} onDone={onClose} />
      ) : null}
    </AppModal>
  );
}
