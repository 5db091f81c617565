import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { forgotPasswordSchema } from '@kora/shared';
import { ErrorAlert } from '@/components/form-alerts';
import { EmailField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { useRequestPasswordReset } from '../api';

export const RESET_FAILED =
  'Unable to send reset email. Please check the email address and try again.';

interface ForgotPasswordFormProps {
  initialEmail?: string;
  /** Done: close the dialog or go back to sign-in. */
  onDone: () => void;
}

/** Two steps: the e-mail, then "Reset link sent!" with Try Different Email or Done. */
export function ForgotPasswordForm({ initialEmail = '', onDone }: ForgotPasswordFormProps) {
  const reset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: zod4Resolver(forgotPasswordSchema),
    validateInputOnBlur: true,
  });
  const { text } = formFields(form, forgotPasswordSchema);

  const submit = form.onSubmit((values) => {
    const { email } = forgotPasswordSchema.parse(values);
    reset.mutate(email, { onSuccess: () => setSentTo(email) });
  });

  if (sentTo) {
    return (
      <Stack gap="md" align="center" ta="center" role="status">
        <ThemeIcon size={56} radius="xl" variant="light" color="green">
          <IconMailCheck size={30} aria-hidden />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          Reset link sent!
        </Text>
        <Text size="sm" c="dimmed">
          If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset the
          password. The link is valid for 1 hour. Check your spam folder if you don&apos;t see it.
        </Text>
        <Group grow w="100%" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              setSentTo(null);
              reset.reset();
            }}
          >
            Try Different Email
          </Button>
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we&apos;ll send you a link to reset your
          password.
        </Text>
        <ErrorAlert error={reset.error} title="Reset failed" fallback={RESET_FAILED} />
        <EmailField
          placeholder="you@example.com"
          autoComplete="email"
          required
          data-autofocus
          {...text('email')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Send Reset Link
        </Button>
      </Stack>
    </form>
  );
}
