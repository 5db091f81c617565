import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SuccessAlert } from '@/components/form-alerts';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthLayout } from '../components/auth-layout';
import { LinkError } from '../components/link-error';
import { SetPasswordForm } from '../components/set-password-form';
import { checkLinkToken } from '../link-token';

export const REDIRECT_AFTER_SET_PASSWORD_MS = 2000;

export function SetPasswordPage() {
  usePageTitle('Set password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const check = useMemo(() => checkLinkToken(token), [token]);
  const [done, setDone] = useState<string | null>(null);
  const email = check.status === 'valid' ? check.payload.email : '';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: { email, message: done } }),
      REDIRECT_AFTER_SET_PASSWORD_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, navigate]);

  if (check.status !== 'valid') {
    return (
      <AuthLayout>
        <LinkError message={check.message} />
      </AuthLayout>
    );
  }

  const { mode, payload } = check;
  const name = payload.first_name ? `, ${payload.first_name}` : '';
  return (
    <AuthLayout
      title={mode === 'reset' ? 'Reset Your Password' : 'Set Up Your Account'}
      subtitle={
        mode === 'reset'
          ? 'Choose a new password for your Kora account.'
          : `Welcome${name}! Create a password to finish setting up your account.`
      }
    >
      {done ? (
        <SuccessAlert
          message={
            <>
              <Text size="sm">{done}</Text>
              <Group gap="xs" mt="xs">
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  Redirecting to login...
                </Text>
              </Group>
            </>
          }
        />
      ) : (
        <SetPasswordForm token={token!} email={email} mode={mode} onSuccess={setDone} />
      )}
    </AuthLayout>
  );
}
