import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Can } from '@/components/can';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { usePaystackConnected } from '../api';

/**
 * Send Payment Link, among a member's quick actions: only while Paystack is connected;
 * disabled with `disabledReason` in a tooltip when the server would refuse it (a deactivated
 * member).
 */
export function SendLinkButton({
  onClick,
  disabledReason,
}: {
  onClick: () => void;
  disabledReason?: string | null;
}) {
  const connected = usePaystackConnected();
  if (!connected) return null;
  return (
    <Can action="payments.record">
      <DisabledWithReason reason={disabledReason}>
        <Button variant="light" leftSection={<IconLink size={16} aria-hidden />} onClick={onClick}>
          Send Payment Link
        </Button>
      </DisabledWithReason>
    </Can>
  );
}
