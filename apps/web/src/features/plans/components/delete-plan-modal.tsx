import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Plan } from '@kora/shared';
import { ConfirmModal } from '@/components/confirm-modal';
import { useMutationOnce } from '@/components/use-single-flight';
import { useDeletePlan } from '../api';
import { PLAN_TEXTS } from '../plan-form';

interface DeletePlanModalProps {
  plan: Pick<Plan, 'id' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * Delete Subscription Plan: asks to confirm the permanent removal of the named plan. A plan
 * with history cannot go (409): the server's message shows here, and the modal stays open.
 */
export function DeletePlanModal({ plan, onClose, onDeleted }: DeletePlanModalProps) {
  const remove = useDeletePlan();
  const { send, pending } = useMutationOnce(remove);
  const close = () => {
    if (pending) return;
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!plan) return;
    send(plan.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Subscription plan deleted',
          message: `${plan.name} has been deleted.`,
        });
        remove.reset();
        onClose();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmModal
      opened={plan !== null}
      title="Delete Subscription Plan"
      pending={pending}
      error={remove.error}
      errorFallback={PLAN_TEXTS.deleteFailed}
      cancelLabel="Cancel"
      confirmLabel="Delete Plan"
      onClose={close}
      onConfirm={confirm}
    >
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        This action cannot be undone.
      </Alert>
      <Text size="sm">
        Are you sure you want to permanently remove the plan{' '}
        <Text span fw={700}>
          {plan?.name}
        </Text>
        ?
      </Text>
    </ConfirmModal>
  );
}
