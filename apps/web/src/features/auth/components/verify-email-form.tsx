import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  VERIFICATION_CODE_LENGTH,
  verifyEmailSchema,
  verificationCode,
  type TokenPair,
} from '@kora/shared';
import { SuccessAlert } from '@/components/form-alerts';
import { PasswordField } from '@/components/form/password-fields';
import { splitErrorMessage } from '@/lib/api-error';
import { useResendCode, useVerifyEmail } from '../api';
import { forgetPassword, heldPassword } from '../pending-password';

export const VERIFY_ERRORS = {
  client: 'Invalid verification code. Please try again.',
  other: 'An error occurred during verification. Please try again.',
} as const;
export const RESEND_ERRORS = {
  client: 'Failed to resend verification code. Please try again.',
  other: 'An error occurred while resending the code. Please try again.',
} as const;
const RESEND_COOLDOWN_SECONDS = 60;

/** The code input keeps digits only, at most 7. */
const cleanCode = (value: string) => value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);

interface VerifyEmailFormProps {
  email: string;
  /** Verified: the session it started (null when the address was verified before). */
  onVerified: (message: string, session: TokenPair | null) => void;
  onBack: () => void;
  /** Ask for a fresh code on arrival (the login of an unverified account). */
  sendOnMount?: boolean;
  /** A code was sent (on arrival or by Resend). */
  onSent?: () => void;
}

export function VerifyEmailForm(props: VerifyEmailFormProps) {
  const { email, onVerified, onBack, sendOnMount, onSent } = props;
  const verify = useVerifyEmail();
  const resend = useResendCode();
  // The countdown runs from a deadline, so a slow phone's late timers do not stretch it.
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [resent, setResent] = useState(false);
  const sent = useRef(false);
  // The password typed on the previous step; after a reload it is asked for here.
  const [held] = useState(() => heldPassword(email));
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: {
      code: (value) => {
        const result = verificationCode.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? null);
      },
      password: (value) => {
        if (held !== undefined) return null;
        const result = verifyEmailSchema.shape.password.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? null);
      },
    },
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (resendAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= resendAt) setResendAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  const cooldown = resendAt === null ? 0 : Math.max(0, Math.ceil((resendAt - now) / 1000));

  // A new code voids the old one: the old code and the error it earned go with it.
  const sendCode = () =>
    resend.mutate(email, {
      onSuccess: () => {
        const t = Date.now();
        verify.reset();
        form.setFieldValue('code', '');
        form.clearErrors();
        onSent?.();
        setResent(true);
        setNow(t);
        setResendAt(t + RESEND_COOLDOWN_SECONDS * 1000);
      },
    });

  useEffect(() => {
    if (!sendOnMount || sent.current) return;
    sent.current = true;
    sendCode();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sendOnMount]);

  const submit = form.onSubmit(({ code, password }) => {
    verify.mutate(
      { email, code, password: held ?? password },
      {
        onSuccess: (answer) => {
          forgetPassword();
          onVerified(answer.message, answer.data.session);
        },
      },
    );
  });

  const code = form.getValues().code;
  const codeProps = form.getInputProps('code');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it
          below to verify your email address. The code expires in 15 minutes.
        </Text>
        {verify.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {splitErrorMessage(verify.error, VERIFY_ERRORS.client, VERIFY_ERRORS.other)}
          </Alert>
        ) : null}
        {resend.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {splitErrorMessage(resend.error, RESEND_ERRORS.client, RESEND_ERRORS.other)}
          </Alert>
        ) : null}
        {resent && !resend.isError ? (
          <SuccessAlert message={`A new verification code has been sent to ${email}.`} />
        ) : null}
        <TextInput
          label="Verification Code"
          placeholder="0000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          data-autofocus
          styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
          {...codeProps}
          onChange={(event) => form.setFieldValue('code', cleanCode(event.currentTarget.value))}
        />
        {held === undefined ? (
          <PasswordField
            label="Your Password"
            description="The password you will sign in with."
            placeholder="At least 8 characters"
            autoComplete="new-password"
            maxLength={verifyEmailSchema.shape.password.maxLength ?? undefined}
            {...form.getInputProps('password')}
          />
        ) : null}
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={verify.isPending}
          disabled={code.length !== VERIFICATION_CODE_LENGTH}
        >
          Verify Email
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            onClick={() => {
              form.setFieldValue('code', '');
              verify.reset();
              onBack();
            }}
          >
            Back to Registration
          </Button>
          <Button
            variant="subtle"
            onClick={sendCode}
            loading={resend.isPending}
            disabled={cooldown > 0}
          >
            {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend Code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
