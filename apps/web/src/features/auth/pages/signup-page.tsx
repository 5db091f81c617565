import { Alert, Anchor, Box } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { sessionStore } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';
import { VerifyEmailForm } from '../components/verify-email-form';
import { VERIFY_PARAM } from '../verify-path';

export const VERIFIED_FALLBACK = 'Email verified successfully! Please log in.';

/**
 * Navigation state: the login of an unverified account sends its e-mail here, and a fresh code
 * is asked for once; `codeSent` records that, so a refresh does not send (and void) another.
 */
interface SignupState {
  verifyEmail?: string;
  codeSent?: boolean;
}

export function SignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = location.state as SignupState | null;
  const inAddress = params.get(VERIFY_PARAM)?.trim() ?? '';
  const email = inAddress.includes('@') ? inAddress : (state?.verifyEmail ?? null);
  const fromLogin = email !== null && state?.verifyEmail === email;
  usePageTitle(email ? 'Verify email' : 'Create account');

  const rememberCodeSent = () => {
    if (fromLogin && !state?.codeSent)
      void navigate(location.pathname + location.search, {
        replace: true,
        state: { ...state, codeSent: true },
      });
  };

  return (
    <AuthLayout
      title={email ? 'Verify your email' : 'Create your account'}
      subtitle={email ? undefined : 'Start managing your gym members, subscriptions and payments.'}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      {/* The form stays mounted while the code is entered: Back keeps what was typed. */}
      <Box hidden={Boolean(email)}>
        <RegisterForm onRegistered={(registered) => setParams({ [VERIFY_PARAM]: registered })} />
      </Box>
      {email ? (
        <>
          {fromLogin ? (
            <Alert color="blue" mb="md" icon={<IconInfoCircle size={18} aria-hidden />}>
              Please verify your email before signing in.
            </Alert>
          ) : null}
          <VerifyEmailForm
            key={email}
            email={email}
            sendOnMount={fromLogin && !state?.codeSent}
            onSent={rememberCodeSent}
            onBack={() => void navigate(location.pathname, { replace: true, state: null })}
            onVerified={(message, session) => {
              // The code proved the address and the password is the one just typed (or, after
              // a reload, typed again here): the person is signed in and lands on the dashboard.
              if (session) {
                sessionStore.signIn(session);
                void navigate('/dashboard', { replace: true });
                return;
              }
              void navigate('/login', {
                replace: true,
                state: { message: message || VERIFIED_FALLBACK, email },
              });
            }}
          />
        </>
      ) : null}
    </AuthLayout>
  );
}
