import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '@/components/page-loader';
import { AppModal } from '@/components/app-modal';

/**
 * Record Payment's code (its form, the member picker) loads on the first Renew: most visits to
 * the dashboard renew nobody, and a phone need not fetch the form to show the charts.
 */
const RenewPaymentModal = lazy(() =>
  import('./renew-payment-modal').then((m) => ({ default: m.RenewPaymentModal })),
);

/** Renew: Record Payment for an expiring member (`renew(memberId)`); render `modal` once. */
export const useRenewal = () => {
  const [memberId, setMemberId] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  // While the code loads: the same dialog, loading.
  const loading = (
    <AppModal opened={opened} onClose={close} title="Record Payment" size="lg">
      <PageLoader minHeight={200} />
    </AppModal>
  );
  const modal =
    memberId === null ? null : (
      <Suspense fallback={loading}>
        <RenewPaymentModal memberId={memberId} opened={opened} onClose={close} />
      </Suspense>
    );
  const renew = (id: number) => {
    setMemberId(id);
    setOpened(true);
  };
  return { renew, modal };
};
