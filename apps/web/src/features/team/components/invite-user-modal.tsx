import { Button, Loader, Select, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { IconMail } from '@tabler/icons-react';
import type { InviteInput, TeamUser } from '@kora/shared';
import { useEffect, useState } from 'react';
import { DonePanel } from '@/components/done-panel';
import { useBackCloses } from '@/components/use-back-closes';
import { ErrorAlert } from '@/components/form-alerts';
import { EmailField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useDialogTitle } from '@/components/use-dialog-title';
import { useKeyedSend } from '@/components/use-keyed-send';
import { useRefreshAfter } from '@/lib/query-keys';
import { inviteKey, useInviteUser } from '../api';
import {
  INVITE_MODAL_CLOSE_MS,
  INVITE_TEXTS,
  inviteForm,
  type InviteFormValues,
} from '../invite-form';
import { ROLE_OPTIONS } from '../team-format';
import { AppModal } from '@/components/app-modal';
import { FormActions } from '@/components/form/form-actions';

interface InviteUserFormProps {
  onInvited: (user: TeamUser) => void;
  onCancel: () => void;
}

/** E-mail and role; one Idempotency-Key per submission, so a double click invites once. */
function InviteUserForm({ onInvited, onCancel }: InviteUserFormProps) {
  const invite = useInviteUser();
  const { send, sending } = useKeyedSend('team-invite', invite);
  const form = useAdapterForm(inviteForm, { error: invite.error });
  const { text, select } = formFields(form, inviteForm);

  const submit = (values: InviteFormValues) => {
    const input = inviteForm.createPayload(values) as InviteInput;
    send(input, (answer) => onInvited(answer.data));
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <ErrorAlert
          error={invite.error}
          title={INVITE_TEXTS.failedTitle}
          fallback={INVITE_TEXTS.failed}
        />
        <EmailField
          placeholder="name@example.com"
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...text('email')}
        />
        <Select
          label="Role"
          placeholder="Select a role"
          withAsterisk
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...select('role')}
        />
        <Text size="sm" c="dimmed">
          They will receive an email with a link to set up their account (name and password). The
          link works for 7 days.
        </Text>
        <FormActions onCancel={onCancel} busy={sending} mt="xs">
          <Button
            type="submit"
            disabled={sending}
            leftSection={sending ? <Loader size={14} color="gray" /> : <IconMail size={16} />}
          >
            {sending ? 'Sending Invitation...' : 'Send Invitation'}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** The confirmation: who was invited, and a Close. */
function InviteSent({ user, onClose }: { user: TeamUser; onClose: () => void }) {
  return (
    <DonePanel title={INVITE_TEXTS.sentTitle} onClose={onClose}>
      An invitation was sent to <strong>{user.email}</strong>.
    </DonePanel>
  );
}

interface InviteUserModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The Invite User dialog. Its form starts afresh each time it opens; after a success it shows
 * the confirmation, and 3 seconds later (or on Close) the team list loads again and the dialog
 * closes. It cannot be closed while the invitation is being sent.
 */
export function InviteUserModal({ opened, onClose }: InviteUserModalProps) {
  const sending = useIsMutating({ mutationKey: inviteKey }) > 0;
  const refresh = useRefreshAfter('team');
  const [invited, setInvited] = useState<TeamUser | null>(null);
  useDialogTitle('Invite user', opened);

  const close = () => {
    if (invited) void refresh();
    setInvited(null);
    onClose();
  };

  // The confirmation stays 3 seconds, then the list refreshes and the dialog closes.
  useEffect(() => {
    if (!invited) return;
    const timer = setTimeout(close, INVITE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
    // Runs once per invitation sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invited]);

  // Back closes the dialog, not the page under it.
  useBackCloses(opened, sending ? () => undefined : close);

  return (
    <AppModal
      opened={opened}
      onClose={sending ? () => undefined : close}
      title="Invite User"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close', disabled: sending }}
    >
      {invited ? (
        <InviteSent user={invited} onClose={close} />
      ) : (
        <InviteUserForm onInvited={setInvited} onCancel={close} />
      )}
    </AppModal>
  );
}
