import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SuccessAlert } from '@/components/form-alerts';
import { afterSignIn } from '@/lib/next-path';
import { sessionStore } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimedMessage } from '@/lib/use-timed-message';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { verifyPath } from '../verify-path';

/**
 * The forgot-password dialog's code loads when it is first opened (not with the sign-in form),
 * with Mantine's whole stylesheet (the sign-in page has only its own components' styles).
 */
const ForgotPasswordModal = lazy(() =>
  Promise.all([import('../components/forgot-password-modal'), import('@/lib/mantine-styles')]).then(
    ([m]) => ({ default: m.ForgotPasswordModal }),
  ),
);

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
  // Why the last session ended without the user signing out (expired, or removed from their
  // business): said until they sign in again.
  const [ended] = useState(() => sessionStore.endedBecause());
  const [forgot, { open: openForgot, close: closeForgot }] = useDisclosure(forgotOpen);
  // Once opened, the dialog stays mounted (it closes with its animation).
  const [forgotUsed, setForgotUsed] = useState(forgotOpen);
  if (forgot && !forgotUsed) setForgotUsed(true);

  // The notice is shown once: a reload of /login does not bring it back (nor the reason).
  useEffect(() => {
    sessionStore.forgetEnd();
    if (location.state)
      navigate(
        { pathname: location.pathname, search: location.search },
        {
          replace: true,
          state: null,
        },
      );
  }, [location.state, location.pathname, location.search, navigate]);

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
      {ended && (
        <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} role="alert" mb="md">
          {ended.message}
        </Alert>
      )}
      <SuccessAlert message={banner.message} mb="md" onDismiss={banner.clear} />
      <LoginForm
        initialEmail={notice.email}
        onForgotPassword={openForgot}
        onSignedIn={(tokens) => {
          sessionStore.signIn(tokens);
          // Back to the page the session ended on (a back-office page only), else the dashboard.
          navigate(afterSignIn(location.search), { replace: true });
        }}
        onUnverified={(email) => navigate(verifyPath(email), { state: { verifyEmail: email } })}
      />
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened={forgot}
            onClose={() => {
              closeForgot();
              if (forgotOpen) navigate('/login', { replace: true });
            }}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}
