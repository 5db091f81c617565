import { Button } from '@mantine/core';
import { IconCash, IconLogin2 } from '@tabler/icons-react';
import type { CheckInCandidate } from '@kora/shared';
import { useCallback, useRef, useState } from 'react';
import { Can } from '@/components/can';
import { CheckInPage } from '@/features/check-in';
import { EndFreezeButton } from '@/features/freezes';
import { useChosenMember } from '@/features/members';
import { SendLinkButton, usePaystackConnected, useSendLinkModal } from '@/features/online';
import {
  NEEDS_CONNECTION,
  memberFromRoster,
  useConnection,
  useDeskPlans,
} from '@/features/offline';
import { RecordPaymentModal } from '@/features/payments';

/**
 * The check-in page with the payment flows at hand on a verdict: Record Payment (whose success
 * panel offers "Check in" for that member) and, while Paystack is connected, Send Payment Link
 * and the day pass paid by Paystack; a frozen member's verdict offers End freeze instead. The
 * app composes the features here; none imports another for it.
 */
export function CheckInRoute() {
  const paystackConnected = usePaystackConnected();
  const payment = useCheckInPayment();
  const sendLink = useSendLinkModal();
  const { online } = useConnection();
  // The active plans stay at hand while the desk is open, and are kept on this device, so a
  // Cash payment can be taken when the network drops, even after a reload.
  useDeskPlans();
  return (
    <>
      <CheckInPage
        paystackConnected={paystackConnected}
        freezeActions={(candidate) => (
          <EndFreezeButton
            memberId={candidate.member.id}
            disabledReason={online ? null : NEEDS_CONNECTION}
          />
        )}
        paymentActions={(candidate, checkIn) => (
          <>
            <Can action="payments.record">
              <Button
                size="lg"
                variant="filled"
                leftSection={<IconCash size={20} aria-hidden />}
                onClick={() => payment.open(candidate, checkIn)}
              >
                Record Payment
              </Button>
            </Can>
            <SendLinkButton
              onClick={() => sendLink.open(candidate.member.id)}
              disabledReason={online ? null : NEEDS_CONNECTION}
            />
          </>
        )}
      />
      {payment.modal}
      {sendLink.modal}
    </>
  );
}

/** Record Payment for a member found at the desk; its confirmation offers "Check in". */
function useCheckInPayment() {
  const [found, setFound] = useState<CheckInCandidate | null>(null);
  const [opened, setOpened] = useState(false);
  const checkIn = useRef<() => void>(() => undefined);
  const open = useCallback((candidate: CheckInCandidate, then: () => void) => {
    checkIn.current = then;
    setFound(candidate);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal =
    found === null ? null : (
      <CheckInPaymentModal
        found={found}
        opened={opened}
        onClose={close}
        onCheckIn={() => checkIn.current()}
      />
    );
  return { open, modal };
}

interface CheckInPaymentModalProps {
  found: CheckInCandidate;
  opened: boolean;
  onClose: () => void;
  onCheckIn: () => void;
}

function CheckInPaymentModal({ found, opened, onClose, onCheckIn }: CheckInPaymentModalProps) {
  const chosen = useChosenMember(String(found.member.id));
  const { online } = useConnection();
  // Offline the member's record cannot be loaded: the desk's list of members names them.
  const member = chosen.member ?? (online ? null : memberFromRoster(found.member));
  return (
    <RecordPaymentModal
      opened={opened}
      onClose={onClose}
      member={member}
      loading={!member && chosen.pending && !chosen.failed}
      successAction={(_payment, close) => (
        <Button
          color="green"
          size="md"
          leftSection={<IconLogin2 size={18} aria-hidden />}
          onClick={() => {
            onCheckIn();
            close();
          }}
        >
          Check in
        </Button>
      )}
    />
  );
}
