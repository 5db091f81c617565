import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { useMutationOnce } from '@/components/use-single-flight';
import { errorMessage } from '@/lib/api-error';
import { useUpdateMember } from '../api';
import { deactivatedReason, memberFullName } from '../member-format';
import { MemberKioskPin } from './member-kiosk-pin';

interface MemberQuickActionsProps {
  member: Member;
  editTo: string;
  onUpdateSubscription: (member: Member) => void;
  /** More actions, after Update Subscription (another feature's). */
  children?: ReactNode;
}

/**
 * Edit Member, Update Subscription, Set kiosk PIN, and Deactivate (after confirmation) /
 * Reactivate Member.
 * A deactivated member cannot pay: Update Subscription is disabled and says why.
 */
export function MemberQuickActions({
  member,
  editTo,
  onUpdateSubscription,
  children,
}: MemberQuickActionsProps) {
  const { send, pending } = useMutationOnce(useUpdateMember(member.id));
  const name = memberFullName(member);

  const setActive = (isActive: boolean) => {
    send(
      { is_active: isActive },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: isActive ? 'Member reactivated' : 'Member deactivated',
            message: `${name} is now ${isActive ? 'active' : 'inactive'}.`,
          }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: isActive ? 'Reactivation failed' : 'Deactivation failed',
            message: errorMessage(
              e,
              'An error occurred while updating the member. Please try again.',
            ),
          }),
      },
    );
  };

  const [confirming, setConfirming] = useState(false);
  const closeConfirm = () => setConfirming(false);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h5" mb="sm">
        Quick Actions
      </Title>
      <Stack gap="xs">
        <Button
          component={Link}
          to={editTo}
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden />}
        >
          Edit Member
        </Button>
        <DisabledWithReason reason={deactivatedReason(member, 'recording a payment')}>
          <Button
            variant="light"
            leftSection={<IconCreditCard size={16} aria-hidden />}
            onClick={() => onUpdateSubscription(member)}
          >
            Update Subscription
          </Button>
        </DisabledWithReason>
        {children}
        <MemberKioskPin member={member} />
        {member.is_active ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconUserOff size={16} aria-hidden />}
            loading={pending}
            onClick={() => setConfirming(true)}
          >
            Deactivate Member
          </Button>
        ) : (
          <Button
            variant="light"
            color="green"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            loading={pending}
            onClick={() => setActive(true)}
          >
            Reactivate Member
          </Button>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Deactivate Member"
        onClose={closeConfirm}
        pending={false}
        error={null}
        errorFallback="An error occurred while updating the member. Please try again."
        cancelLabel="Cancel"
        confirmLabel="Deactivate"
        onConfirm={() => {
          closeConfirm();
          setActive(false);
        }}
      >
        <Text size="sm">
          Deactivate <strong>{name}</strong>? Their record and history are kept, but they will not
          receive messages sent to member groups. You can reactivate them at any time.
        </Text>
      </ConfirmModal>
    </Card>
  );
}
