import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useState } from 'react';
import { PageLoader } from '@/components/page-loader';
import { HELD_TITLE } from '../online-format';

/** The review's code (the list, the member picker) loads on the first Review. */
const HeldPaymentsModal = lazy(() =>
  import('./held-payments-modal').then((m) => ({ default: m.HeldPaymentsModal })),
);

/** The held payments review for any page: render `modal` once and call `open()`. */
export const useHeldPaymentsReview = () => {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const loading = (
    <Modal opened={opened} onClose={close} title={HELD_TITLE} size="xl" fullScreen={phone}>
      <PageLoader minHeight={200} />
    </Modal>
  );
  const modal = loaded ? (
    <Suspense fallback={loading}>
      <HeldPaymentsModal opened={opened} onClose={close} />
    </Suspense>
  ) : null;
  return { open, close, modal };
};
