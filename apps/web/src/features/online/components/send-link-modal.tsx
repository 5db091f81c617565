import { useIsMutating } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { useDialogTitle } from '@/components/use-dialog-title';
import { useChosenMember } from '@/features/members';
import { createLinkKey } from '../api';
import { SendLinkForm } from './send-link-form';
import { AppModal } from '@/components/app-modal';

export interface SendLinkModalProps {
  memberId: number;
  /** The plan chosen at first (the member's current one). */
  planId?: number | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Send payment link: it opens at once and shows the form once the member has loaded; its form
 * starts afresh each time it opens. It cannot be closed while the link is being created.
 */
export function SendLinkModal({ memberId, planId, opened, onClose }: SendLinkModalProps) {
  const chosen = useChosenMember(String(memberId));
  const sending = useIsMutating({ mutationKey: createLinkKey }) > 0;
  useDialogTitle('Send payment link', opened);
  return (
    <AppModal
      opened={opened}
      onClose={sending ? () => undefined : onClose}
      title="Send payment link"
      size="lg"
      closeOnClickOutside={false}
    >
      {chosen.member ? (
        <SendLinkForm key={memberId} member={chosen.member} planId={planId} onDone={onClose} />
      ) : chosen.failed ? (
        <LoadError message="The member could not be loaded." />
      ) : (
        <PageLoader minHeight={200} />
      )}
    </AppModal>
  );
}
