import { useUserProfile } from '@/features/account';
import { MemberHistoryCard } from '@/features/activity';
import { MemberCardCard } from '@/features/check-in';
import { MemberFreezesCard } from '@/features/freezes';
import { MemberDetailsPage, deactivatedReason } from '@/features/members';
import { MemberOnlinePayments, SendLinkButton, useSendLinkModal } from '@/features/online';
import { useRecordPaymentModal } from '@/features/payments';
import { MemberPrivacyCard } from '@/features/privacy';
import { MemberRemindersCard } from '@/features/reminders';
import { GroupCoverCard } from '@/features/subscriptions';
import { useCan } from '@/lib/use-can';

/**
 * Member details with Update Subscription opening the Record Payment modal in place, with that
 * member chosen; whom the member's group plan covers (or whose covers them) under their
 * subscription, and their freezes (Frozen until …, End freeze, a request's Approve or Decline,
 * and Freeze); while Paystack is connected, Send Payment Link and the member's payment links
 * and transfer account; the renewal reminders sent to them; and their check-in card (the QR,
 * printed with the gym's name and logo); for owners and admins, the member's history (every
 * action taken on or for them, from the audit trail); and their privacy: the answer to offers
 * with its history, and for owners and admins Download data and Erase member. The app composes the features here; none
 * of them imports another for it.
 */
export function MemberDetailsRoute() {
  const profile = useUserProfile().data;
  const recordPayment = useRecordPaymentModal();
  const sendLink = useSendLinkModal();
  const readsTrail = useCan('audit.read');
  return (
    <>
      <MemberDetailsPage
        onUpdateSubscription={recordPayment.open}
        moreActions={(m) => (
          <SendLinkButton
            onClick={() => sendLink.open(m.id, m.subscription_type_id)}
            disabledReason={deactivatedReason(m, 'sending a payment link')}
          />
        )}
        subscriptionCards={(m) => (
          <>
            <MemberFreezesCard member={m} />
            <GroupCoverCard memberId={m.id} />
          </>
        )}
        moreCards={(m) => (
          <>
            <MemberCardCard
              member={m}
              gymName={profile?.business_name ?? ''}
              gymLogoUrl={profile?.business_logo_url ?? null}
            />
            <MemberOnlinePayments member={m} />
            <MemberRemindersCard member={m} />
            <MemberPrivacyCard member={m} gymName={profile?.business_name ?? ''} />
            {readsTrail ? <MemberHistoryCard member={m} /> : null}
          </>
        )}
      />
      {recordPayment.modal}
      {sendLink.modal}
    </>
  );
}
