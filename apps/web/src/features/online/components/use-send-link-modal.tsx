import { lazy, Suspense, useCallback, useState } from 'react';
import { PageLoader } from '@/components/page-loader';
import { AppModal } from '@/components/app-modal';

/** The form's code (the plans, the channels) loads on the first Send payment link. */
const SendLinkModal = lazy(() =>
  import('./send-link-modal').then((m) => ({ default: m.SendLinkModal })),
);

interface Target {
  memberId: number;
  planId?: number | null;
  /** Each opening starts a fresh form. */
  opening: number;
}

/**
 * Send payment link for any page: render `modal` once and call `open(memberId, planId?)` (the
 * member details page, the dashboard's expiring list).
 */
export const useSendLinkModal = () => {
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((memberId: number, planId?: number | null) => {
    setTarget((t) => ({ memberId, planId, opening: (t?.opening ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  // While the code loads: the same dialog, loading.
  const loading = (
    <AppModal opened={opened} onClose={close} title="Send payment link" size="lg">
      <PageLoader minHeight={200} />
    </AppModal>
  );
  const modal =
    target === null ? null : (
      <Suspense fallback={loading}>
        <SendLinkModal
          key={target.opening}
          memberId={target.memberId}
          planId={target.planId}
          opened={opened}
          onClose={close}
        />
      </Suspense>
    );
  return { open, close, modal };
};
