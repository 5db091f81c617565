import { Alert, Anchor, Box } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';
import { VerifyEmailForm } from '../components/verify-email-form';

export const VERIFIED_FALLBACK = 'Email verified successfully! Please log in.';

/** Navigation state: the login of an unverified account sends its e-mail here. */
interface SignupState {
  verifyEmail?: string;
}

export function SignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromLogin = (location.state as SignupState | null)?.verifyEmail;
  const [email, setEmail] = useState<string | null>(fromLogin ?? null);

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
        <RegisterForm onRegistered={setEmail} />
      </Box>
      {email ? (
        <>
          {fromLogin === email ? (
            <Alert color="blue" mb="md" icon={<IconInfoCircle size={18} aria-hidden />}>
              Please verify your email before signing in.
            </Alert>
          ) : null}
          <VerifyEmailForm
            email={email}
            sendOnMount={fromLogin === email}
            onBack={() => setEmail(null)}
            onVerified={(message) =>
              navigate('/login', {
                replace: true,
                state: { message: message || VERIFIED_FALLBACK, email },
              })
            }
          />
        </>
      ) : null}
    </AuthLayout>
  );
}
