import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Can } from '@/components/can';
import { usePaystackConnected } from '../api';

/** Send Payment Link, among a member's quick actions: only while Paystack is connected. */
export function SendLinkButton({ onClick }: { onClick: () => void }) {
  const connected = usePaystackConnected();
  if (!connected) return null;
  return (
    <Can action="payments.record">
      <Button variant="light" leftSection={<IconLink size={16} aria-hidden />} onClick={onClick}>
        Send Payment Link
      </Button>
    </Can>
  );
}
