import { Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { loginSchema, type TokenPair } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
import { EmailField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { PasswordField } from '@/components/form/password-fields';
import { ApiError } from '@/lib/api-error';
import { useLogin } from '../api';
import { holdPassword } from '../pending-password';

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';

interface LoginFormProps {
  initialEmail?: string;
  onForgotPassword: () => void;
  onSignedIn: (tokens: TokenPair) => void;
  /** 403 EMAIL_NOT_VERIFIED: the account exists but its e-mail is not verified yet. */
  onUnverified: (email: string) => void;
}

export function LoginForm({
  initialEmail = '',
  onForgotPassword,
  onSignedIn,
  onUnverified,
}: LoginFormProps) {
  const login = useLogin();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '', remember_me: false },
    validate: zod4Resolver(loginSchema),
    validateInputOnBlur: true,
  });
  const { text } = formFields(form, loginSchema);

  const submit = form.onSubmit((values) => {
    const input = loginSchema.parse(values);
    login.mutate(input, {
      onSuccess: (answer) => onSignedIn(answer.data),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
          holdPassword(input.email, input.password);
          onUnverified(input.email);
        }
      },
    });
  });

  const unverified = login.error instanceof ApiError && login.error.code === 'EMAIL_NOT_VERIFIED';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={unverified ? null : login.error} fallback={LOGIN_FAILED} />
        <EmailField
          placeholder="you@example.com"
          autoComplete="email"
          required
          {...text('email')}
        />
        <PasswordField
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          {...text('password')}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label="Remember me"
            {...form.getInputProps('remember_me', { type: 'checkbox' })}
          />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
