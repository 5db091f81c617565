import { MemberDetailsPage } from '@/features/members';
import { useRecordPaymentModal } from '@/features/payments';

/**
 * Member details with Update Subscription opening the Record Payment modal in place, with that
 * member chosen. The app composes the two features; neither imports the other.
 */
export function MemberDetailsRoute() {
  const recordPayment = useRecordPaymentModal();
  return (
    <>
      <MemberDetailsPage onUpdateSubscription={recordPayment.open} />
      {recordPayment.modal}
    </>
  );
}
