import { lazy, Suspense, useCallback, useState } from 'react';
import { PageLoader } from '@/components/page-loader';
import { HELD_TITLE } from '../online-format';
import { AppModal } from '@/components/app-modal';

/** The review's code (the list, the member picker) loads on the first Review. */
const HeldPaymentsModal = lazy(() =>
  import('./held-payments-modal').then((m) => ({ default: m.HeldPaymentsModal })),
);

/** The held payments review for any page: render `modal` once and call `open()`. */
export const useHeldPaymentsReview = () => {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const loading = (
    <AppModal opened={opened} onClose={close} title={HELD_TITLE} size="xl">
      <PageLoader minHeight={200} />
    </AppModal>
  );
  const modal = loaded ? (
    <Suspense fallback={loading}>
      <HeldPaymentsModal opened={opened} onClose={close} />
    </Suspense>
  ) : null;
  return { open, close, modal };
};
