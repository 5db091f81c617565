import { DashboardOverview } from '@/features/dashboard';
import { FreezeRequestsCard } from '@/features/freezes';
import { HeldPaymentsTask, usePaystackConnected, useSendLinkModal } from '@/features/online';
import { WaitingNote } from '@/components/waiting-note';
import { ErasureRequestsCard } from '@/features/privacy';
import { ReminderStat } from '@/features/reminders';
import { usePageTitle } from '@/lib/use-page-title';
import { useRenewal } from './renewal';

/**
 * /dashboard: the business's figures, charts, expiring subscriptions and recent activity, with
 * the payments held for review and the members' freeze requests over them and the reminders
 * sent under the cards. Renew opens Record Payment for the member; while Paystack is connected,
 * Send Payment Link too. Owners and admins see the members who asked to be erased.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const renewal = useRenewal();
  const sendLink = useSendLinkModal();
  const paystack = usePaystackConnected();
  return (
    <DashboardOverview
      tasks={
        <>
          <WaitingNote />
          <HeldPaymentsTask />
          <ErasureRequestsCard />
          <FreezeRequestsCard />
        </>
      }
      moreStats={<ReminderStat />}
      onRenew={renewal.renew}
      onSendLink={paystack ? sendLink.open : undefined}
    >
      {renewal.modal}
      {sendLink.modal}
    </DashboardOverview>
  );
}
