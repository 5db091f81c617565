import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { HeldPayment, HeldState } from '@kora/shared';
import { useState } from 'react';
import { SuccessAlert } from '@/components/form-alerts';
import { useDialogTitle } from '@/components/use-dialog-title';
import { HELD_FILTERS, HELD_TITLE } from '../online-format';
import { AssignHeldForm } from './assign-held-form';
import { DismissHeldForm } from './dismiss-held-form';
import { HeldPaymentsList } from './held-payments-list';
import { AppModal } from '@/components/app-modal';

/** What the review shows: the list, or one payment being assigned or marked handled. */
type View = { kind: 'list' } | { kind: 'assign' | 'dismiss'; held: HeldPayment };

const TITLES = { list: HELD_TITLE, assign: 'Assign payment', dismiss: 'Mark handled' } as const;

/**
 * Payments Paystack confirmed that Kora could not apply by itself: each one is assigned to a
 * member's plan (for exactly the amount received) or marked handled with a note. Resolved ones
 * are listed under their own filters.
 */
export function HeldPaymentsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [state, setState] = useState<HeldState>('held');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [done, setDone] = useState<string | null>(null);
  useDialogTitle('Online payments', opened);

  const back = (message: string | null) => {
    setDone(message);
    setView({ kind: 'list' });
  };
  const close = () => {
    back(null);
    onClose();
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={TITLES[view.kind]}
      size="xl"
      closeOnClickOutside={false}
    >
      {view.kind === 'assign' ? (
        <AssignHeldForm held={view.held} onCancel={() => back(null)} onDone={back} />
      ) : view.kind === 'dismiss' ? (
        <DismissHeldForm held={view.held} onCancel={() => back(null)} onDone={back} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Members paid these through Paystack, but Kora could not apply them by itself. Assign
            each to a member's plan, or mark it handled if you dealt with it another way.
          </Text>
          <SuccessAlert message={done} onDismiss={() => setDone(null)} />
          <SegmentedControl
            aria-label="Show"
            data={HELD_FILTERS}
            value={state}
            onChange={(value) => {
              setState(value as HeldState);
              setPage(1);
              setDone(null);
            }}
          />
          <HeldPaymentsList
            state={state}
            page={page}
            onPage={setPage}
            onAssign={(held) => setView({ kind: 'assign', held })}
            onDismiss={(held) => setView({ kind: 'dismiss', held })}
          />
        </Stack>
      )}
    </AppModal>
  );
}
