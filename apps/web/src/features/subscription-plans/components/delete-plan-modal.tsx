import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Plan } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
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
    <Modal opened={plan !== null} onClose={close} title="Delete Subscription Plan" centered>
      <Stack gap="md">
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
        <ErrorAlert error={remove.error} fallback={PLAN_TEXTS.deleteFailed} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={pending}>
            Delete Plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
