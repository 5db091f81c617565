import type { Member } from '@kora/shared';
import { usePaystackConnection } from '../api';
import { PaymentLinksCard } from './payment-links-card';
import { TransferAccountCard } from './transfer-account-card';

/**
 * A member's online payments on their page, while Paystack is connected: their payment links,
 * and their transfer account when transfer accounts are on.
 */
export function MemberOnlinePayments({ member }: { member: Member }) {
  const connection = usePaystackConnection().data;
  if (!connection?.connected) return null;
  return (
    <>
      {connection.transfer_accounts ? <TransferAccountCard member={member} /> : null}
      <PaymentLinksCard memberId={member.id} />
    </>
  );
}
