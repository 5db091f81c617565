import { Button } from '@mantine/core';
import { IconCash, IconLogin2 } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Can } from '@/components/can';
import { CheckInPage } from '@/features/check-in';
import { useChosenMember } from '@/features/members';
import { SendLinkButton, usePaystackConnected, useSendLinkModal } from '@/features/online';
import { RecordPaymentModal } from '@/features/payments';

/**
 * The check-in page with the payment flows at hand on a verdict: Record Payment (whose success
 * panel offers "Check in" for that member) and, while Paystack is connected, Send Payment Link
 * and the day pass paid by Paystack. The app composes the features here; none imports another
 * for it.
 */
export function CheckInRoute() {
  const paystackConnected = usePaystackConnected();
  const payment = useCheckInPayment();
  const sendLink = useSendLinkModal();
  return (
    <>
      <CheckInPage
        paystackConnected={paystackConnected}
        paymentActions={(candidate, checkIn) => (
          <>
            <Can action="payments.record">
              <Button
                size="lg"
                variant="filled"
                leftSection={<IconCash size={20} aria-hidden />}
                onClick={() => payment.open(candidate.member.id, checkIn)}
              >
                Record Payment
              </Button>
            </Can>
            <SendLinkButton onClick={() => sendLink.open(candidate.member.id)} />
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
  const [memberId, setMemberId] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const checkIn = useRef<() => void>(() => undefined);
  const open = useCallback((id: number, then: () => void) => {
    checkIn.current = then;
    setMemberId(id);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal =
    memberId === null ? null : (
      <CheckInPaymentModal
        memberId={memberId}
        opened={opened}
        onClose={close}
        onCheckIn={() => checkIn.current()}
      />
    );
  return { open, modal };
}

interface CheckInPaymentModalProps {
  memberId: number;
  opened: boolean;
  onClose: () => void;
  onCheckIn: () => void;
}

function CheckInPaymentModal({ memberId, opened, onClose, onCheckIn }: CheckInPaymentModalProps) {
  const chosen = useChosenMember(String(memberId));
  return (
    <RecordPaymentModal
      opened={opened}
      onClose={onClose}
      member={chosen.member}
      loading={chosen.pending && !chosen.failed}
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
