import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ERASED_FIRST_NAME, PRIVACY_MESSAGES, erasedLastName, type Member } from '@kora/shared';
import { useState } from 'react';
import { AppModal } from '@/components/app-modal';
import { ErrorAlert } from '@/components/form-alerts';
import { useEraseMember } from '../api';

interface EraseMemberDialogProps {
  member: Member;
  opened: boolean;
  onClose: () => void;
}

/**
 * Erasing a member's personal data (owners and admins): what goes and what stays, then the
 * member ID typed again before the button works, so nobody erases the wrong member by a slip.
 */
export function EraseMemberDialog({ member, opened, onClose }: EraseMemberDialogProps) {
  const [typed, setTyped] = useState('');
  const erase = useEraseMember();
  const id = member.member_id;
  const confirmed = typed.trim().toUpperCase() === id.toUpperCase();
  const close = () => {
    setTyped('');
    erase.reset();
    onClose();
  };
  const submit = () =>
    erase.mutate(
      { memberId: member.id, confirm: typed.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Member erased',
            message: `Their personal data is gone. They now read "${ERASED_FIRST_NAME} ${erasedLastName(id)}".`,
          });
          close();
        },
      },
    );

  return (
    <AppModal opened={opened} onClose={close} title="Erase this member’s personal data">
      <Stack gap="sm">
        <Text size="sm">
          {member.first_name} {member.last_name} will read “{ERASED_FIRST_NAME} {erasedLastName(id)}
          ”. Their phone, e-mail, address, date of birth, emergency contact, picture and card are
          removed everywhere Kora keeps them, and the account is deactivated.
        </Text>
        <Text size="sm">
          Payments, receipts and subscriptions stay, so your totals do not change. This cannot be
          undone.
        </Text>
        <ErrorAlert error={erase.error} fallback="The member could not be erased. Try again." />
        <TextInput
          label={PRIVACY_MESSAGES.confirmErase(id)}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} disabled={!confirmed} loading={erase.isPending}>
            Erase member
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
