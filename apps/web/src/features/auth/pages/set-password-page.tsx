import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SuccessAlert } from '@/components/form-alerts';
import { usePageTitle } from '@/lib/use-page-title';
import { useLinkCheck } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { LinkError } from '../components/link-error';
import { SetPasswordForm } from '../components/set-password-form';
import { checkLinkToken, refusedLinkMessage } from '../link-token';

export const REDIRECT_AFTER_SET_PASSWORD_MS = 2000;
export const CHECKING_LINK = 'Checking your link...';

function LinkErrorScreen({ message }: { message: string }) {
  return (
    <AuthLayout>
      <LinkError message={message} />
    </AuthLayout>
  );
}

/**
 * /set-password?token=…: a password reset, or an invited user setting up their account. The
 * token is read here first, then checked with the server (a used, replaced or revoked link is
 * refused before anything is typed); when the check cannot be made the form shows anyway.
 */
export function SetPasswordPage() {
  usePageTitle('Set password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const local = useMemo(() => checkLinkToken(token), [token]);
  const server = useLinkCheck(token, local.status === 'valid');
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const info = server.data;
  const email = info?.email ?? (local.status === 'valid' ? local.payload.email : '');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: { email, message: done } }),
      REDIRECT_AFTER_SET_PASSWORD_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, navigate]);

  if (local.status !== 'valid') return <LinkErrorScreen message={local.message} />;
  const linkError = refused ?? refusedLinkMessage(server.error);
  if (linkError) return <LinkErrorScreen message={linkError} />;
  if (server.isPending) {
    return (
      <AuthLayout>
        <Group justify="center" gap="sm" py="xl" role="status">
          <Loader size="sm" />
          <Text>{CHECKING_LINK}</Text>
        </Group>
      </AuthLayout>
    );
  }

  const { payload } = local;
  const mode = info?.type ?? local.mode;
  const names = {
    first_name: info?.first_name || payload.first_name || '',
    last_name: info?.last_name || payload.last_name || '',
  };
  const welcome = names.first_name ? `, ${names.first_name}` : '';
  // An invitation names the business that invites, once the server has checked the link.
  const create = info?.business_name ? `Join ${info.business_name} on Kora: create` : 'Create';
  return (
    <AuthLayout
      title={mode === 'reset' ? 'Reset Your Password' : 'Set Up Your Account'}
      subtitle={
        mode === 'reset'
          ? 'Choose a new password for your Kora account.'
          : `Welcome${welcome}! ${create} a password to finish setting up your account.`
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
        <SetPasswordForm
          token={token}
          email={email}
          mode={mode}
          names={names}
          onSuccess={setDone}
          onLinkError={setRefused}
        />
      )}
    </AuthLayout>
  );
}
