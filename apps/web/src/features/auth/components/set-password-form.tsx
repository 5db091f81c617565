import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { setPasswordFormSchema } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
import { formFields } from '@/components/form/form-fields';
import { NewPasswordFields } from '@/components/form/password-fields';
import { useConfirmPasswordReset } from '../api';
import { PasswordStrengthMeter } from './password-strength-meter';

export const SET_PASSWORD_FAILED = 'An error occurred. Please try again.';
export const SET_PASSWORD_SUCCESS = {
  reset: 'Password reset successfully! Please log in with your new password.',
  setup: 'Account setup complete! Please log in with your new password.',
} as const;

interface SetPasswordFormProps {
  token: string;
  email: string;
  mode: 'reset' | 'setup';
  onSuccess: (message: string) => void;
}

export function SetPasswordForm({ token, email, mode, onSuccess }: SetPasswordFormProps) {
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    validate: zod4Resolver(setPasswordFormSchema),
    validateInputOnBlur: true,
  });
  const { text } = formFields(form, setPasswordFormSchema);

  const submit = form.onSubmit((values) => {
    confirm.mutate(
      { token, type: mode, ...values },
      { onSuccess: () => onSuccess(SET_PASSWORD_SUCCESS[mode]) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={confirm.error} title="Setup Failed" fallback={SET_PASSWORD_FAILED} />
        <TextInput label="Email Address" value={email} readOnly disabled autoComplete="username" />
        <NewPasswordFields
          password={{
            label: mode === 'reset' ? 'New Password' : 'Password',
            placeholder: 'At least 8 characters',
            ...text('password'),
          }}
          confirm={{ placeholder: 'Repeat the password', ...text('confirm_password') }}
          autoFocus
        >
          <PasswordStrengthMeter password={form.getValues().password} />
        </NewPasswordFields>
        <Button type="submit" fullWidth size="md" loading={confirm.isPending}>
          {mode === 'reset' ? 'Reset Password' : 'Complete Setup'}
        </Button>
      </Stack>
    </form>
  );
}
