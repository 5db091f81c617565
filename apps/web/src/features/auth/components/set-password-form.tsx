import { Button, Stack, TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { setPasswordFormSchema, setupAccountFormSchema } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
import { NameFields } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useConfirmPasswordReset } from '../api';
import { deadLinkMessage } from '../link-token';
import { NewAccountPasswordFields } from './new-account-password-fields';

export const SET_PASSWORD_FAILED = 'An error occurred. Please try again.';
export const SET_PASSWORD_SUCCESS = {
  reset: 'Password reset successfully! Please log in with your new password.',
  setup: 'Account setup complete! Please log in with your new password.',
} as const;

interface SetPasswordFormProps {
  token: string;
  email: string;
  mode: 'reset' | 'setup';
  /** Setting up an account: the names known for the invitee, to start the name fields with. */
  names?: { first_name: string; last_name: string };
  onSuccess: (message: string) => void;
  /** The server refused the link itself (used, expired, revoked): why. */
  onLinkError: (message: string) => void;
}

/**
 * A new password and its confirmation; setting up an invited account also asks for the
 * invitee's first and last names. A link the server refuses on submit ends the form.
 */
export function SetPasswordForm(props: SetPasswordFormProps) {
  const { token, email, mode, names, onSuccess, onLinkError } = props;
  const schema = mode === 'setup' ? setupAccountFormSchema : setPasswordFormSchema;
  const confirm = useConfirmPasswordReset();
  // The server's field errors (a name it still needs) show under their fields.
  const form = useAdapterForm(
    {
      empty: { first_name: '', last_name: '', password: '', confirm_password: '' },
      validate: zod4Resolver(schema),
    },
    {
      initialValues: {
        first_name: names?.first_name ?? '',
        last_name: names?.last_name ?? '',
        password: '',
        confirm_password: '',
      },
      error: confirm.error,
    },
  );
  const { text } = formFields(form, setupAccountFormSchema);

  const submit = form.onSubmit((values) => {
    const { password, confirm_password } = values;
    const input =
      mode === 'setup'
        ? { token, type: mode, ...setupAccountFormSchema.parse(values) }
        : { token, type: mode, password, confirm_password };
    confirm.mutate(input, {
      onSuccess: () => onSuccess(SET_PASSWORD_SUCCESS[mode]),
      onError: (error) => {
        const dead = deadLinkMessage(error);
        if (dead) onLinkError(dead);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={confirm.error} title="Setup Failed" fallback={SET_PASSWORD_FAILED} />
        <TextInput label="Email Address" value={email} readOnly disabled autoComplete="username" />
        {mode === 'setup' ? (
          <NameFields
            first={{ placeholder: 'Your first name', ...text('first_name') }}
            last={{ placeholder: 'Your last name', ...text('last_name') }}
          />
        ) : null}
        <NewAccountPasswordFields
          password={{ label: mode === 'reset' ? 'New Password' : 'Password', ...text('password') }}
          confirm={text('confirm_password')}
          value={form.getValues().password}
          autoFocus
        />
        <Button type="submit" fullWidth size="md" loading={confirm.isPending}>
          {mode === 'reset' ? 'Reset Password' : 'Complete Setup'}
        </Button>
      </Stack>
    </form>
  );
}
