import type { Member } from '@kora/shared';
import { useCallback, useState } from 'react';
import { RecordPaymentModal } from './components/record-payment-modal';

/**
 * The Record Payment modal for any page: render `modal` once and call `open(member)` (the
 * member details page's Update Subscription opens it with that member chosen).
 */
export const useRecordPaymentModal = () => {
  const [opened, setOpened] = useState(false);
  const [member, setMember] = useState<Member | null>(null);
  const open = useCallback((forMember?: Member | null) => {
    setMember(forMember ?? null);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal = <RecordPaymentModal opened={opened} onClose={close} member={member} />;
  return { open, close, opened, modal };
};
