import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SuccessAlert } from '@/components/form-alerts';
import { sessionStore } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimedMessage } from '@/lib/use-timed-message';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordModal } from '../components/forgot-password-modal';
import { LoginForm } from '../components/login-form';
import { verifyPath } from '../verify-path';

/** Navigation state other screens pass to /login: a success message and the e-mail to prefill. */
export interface LoginNotice {
  message?: string;
  email?: string;
}

export const LOGIN_NOTICE_MS = 10_000;

export function LoginPage({ forgotOpen = false }: { forgotOpen?: boolean }) {
  usePageTitle(forgotOpen ? 'Forgot password' : 'Sign in');
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState<LoginNotice>(() => (location.state as LoginNotice | null) ?? {});
  const banner = useTimedMessage(LOGIN_NOTICE_MS, notice.message ?? null);
  const [forgot, { open: openForgot, close: closeForgot }] = useDisclosure(forgotOpen);

  // The notice is shown once: a reload of /login does not bring it back.
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to manage your gym's members, subscriptions and payments."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Sign up
          </Anchor>
        </>
      }
    >
      <SuccessAlert message={banner.message} mb="md" onDismiss={banner.clear} />
      <LoginForm
        initialEmail={notice.email}
        onForgotPassword={openForgot}
        onSignedIn={(tokens) => {
          sessionStore.signIn(tokens);
          navigate('/dashboard', { replace: true });
        }}
        onUnverified={(email) => navigate(verifyPath(email), { state: { verifyEmail: email } })}
      />
      <ForgotPasswordModal
        opened={forgot}
        onClose={() => {
          closeForgot();
          if (forgotOpen) navigate('/login', { replace: true });
        }}
      />
    </AuthLayout>
  );
}
