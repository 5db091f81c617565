import { useChosenMember } from '@/features/members';
import { RecordPaymentModal } from '@/features/payments';

interface RenewPaymentModalProps {
  memberId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * Record Payment for the member being renewed: it opens at once and shows the member once they
 * have loaded. Loaded on demand by the dashboard (see useRenewal), with the member picker's code.
 */
export function RenewPaymentModal({ memberId, opened, onClose }: RenewPaymentModalProps) {
  const chosen = useChosenMember(String(memberId));
  return (
    <RecordPaymentModal
      opened={opened}
      onClose={onClose}
      member={chosen.member}
      loading={chosen.pending && !chosen.failed}
    />
  );
}
