import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verificationCode, type TokenPair } from '@kora/shared';
import { ApiError } from '@/lib/api-error';
import { sessionStore } from '@/lib/session';
import { accessToken } from '@/test/tokens';
import { expectShown } from '@/test/expect';
import { advance, enter, field, renderPage } from '@/test/render';
import { authApi } from '../api';
import { RESEND_ERRORS, VERIFY_ERRORS } from '../components/verify-email-form';
import { forgetPassword } from '../pending-password';
import { verifyPath } from '../verify-path';
import { SignupPage } from './signup-page';

const registered = async () => {
  vi.spyOn(authApi, 'register').mockResolvedValue({ message: 'ok', data: { email: 'a@b.ng' } });
  const view = renderPage(<SignupPage />, { path: '/signup' });
  const { user } = view;
  await enter(user, field('First Name'), 'Ada');
  await enter(user, field('Last Name'), 'Obi');
  await enter(user, field('Email Address'), 'ada@irongym.ng');
  await enter(user, field('Phone Number'), '08031234567');
  await enter(user, field('Password'), 'secret123');
  await enter(user, field('Confirm Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  await screen.findByRole('heading', { name: 'Verify your email' });
  return view;
};

/** The session the verification starts. */
const SESSION = {
  access_token: accessToken({ business_id: null, role: null }),
  refresh_token: 'r9',
};

/** verifyEmail answers that Ada's e-mail is verified, with the session it started (or none). */
const verifies = (session: TokenPair | null = SESSION) =>
  vi.spyOn(authApi, 'verifyEmail').mockResolvedValue({
    message: session
      ? 'Email verified successfully. You are signed in.'
      : 'Email verified successfully. You can now sign in.',
    data: { email: 'ada@irongym.ng', email_verified: true, session },
  });

/**
 * Verify Email, having sent `code` with the password typed on registration: signed in, on the
 * dashboard (or on to /login when the answer started no session).
 */
const expectVerified = async (
  { user, router }: ReturnType<typeof renderPage>,
  verify: ReturnType<typeof verifies>,
  code: string,
  landing = '/dashboard',
) => {
  await user.click(screen.getByRole('button', { name: 'Verify Email' }));
  await vi.waitFor(() => expect(router.state.location.pathname).toBe(landing));
  expect(verify).toHaveBeenCalledWith({ email: 'ada@irongym.ng', code, password: 'secret123' });
};

describe('Signup and verification', () => {
  // A reload forgets the password typed before it (it lives in memory only).
  afterEach(() => forgetPassword());
  it('moves to the code step; the input keeps digits only, at most 7', async () => {
    const { user } = await registered();
    expect(screen.getByText('ada@irongym.ng')).toBeInTheDocument();
    const code = field('Verification Code');
    const verify = screen.getByRole('button', { name: 'Verify Email' });
    expect(verify).toBeDisabled();

    await enter(user, code, '12a-3 4');
    expect(code).toHaveValue('1234');
    expect(verify).toBeDisabled();
    await user.tab();
    await expectShown('Verification code must be exactly 7 digits');

    await enter(user, code, '5678999');
    expect(code).toHaveValue('1234567');
    expect(verify).toBeEnabled();
  });

  it('has the code rules', () => {
    const message = (v: string) => verificationCode.safeParse(v).error?.issues[0]?.message;
    expect(message('123456')).toBe('Verification code must be exactly 7 digits');
    expect(message('12345a7')).toBe('Code must contain only numbers');
    expect(message('1234567')).toBeUndefined();
  });

  it('verifies and is signed in: on to the dashboard, no password asked again', async () => {
    const verify = verifies();
    const view = await registered();
    await view.user.type(field('Verification Code'), '0012345');
    // The password typed on registration is the one verified: no second field to fill.
    expect(screen.queryByLabelText(/^Your Password/)).not.toBeInTheDocument();
    await expectVerified(view, verify, '0012345');
    expect(sessionStore.get()).toMatchObject({
      isAuthenticated: true,
      token: SESSION.access_token,
      refreshToken: 'r9',
    });
  });

  it('an address verified before starts no session: on to /login with the message and the e-mail', async () => {
    const verify = verifies(null);
    const view = await registered();
    await view.user.type(field('Verification Code'), '0012345');
    await expectVerified(view, verify, '0012345', '/login');
    expect(view.router.state.location.state).toEqual({
      message: 'Email verified successfully. You can now sign in.',
      email: 'ada@irongym.ng',
    });
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it('shows the server message on 4xx and the fallback otherwise', async () => {
    vi.spyOn(authApi, 'verifyEmail')
      .mockRejectedValueOnce(new ApiError(400, '', 'INVALID_CODE'))
      .mockRejectedValueOnce(new ApiError(503, 'down', 'X'));
    const { user } = await registered();
    await enter(user, field('Verification Code'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await expectShown(VERIFY_ERRORS.client);
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await expectShown(VERIFY_ERRORS.other);
  });

  it('resend: allowed at once, then disabled for a 60 second countdown', async () => {
    const resend = vi.spyOn(authApi, 'resendCode').mockResolvedValue({ message: 'ok', data: null });
    const { user } = await registered();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(resend).toHaveBeenCalledWith('ada@irongym.ng');
    const countdown = await screen.findByRole('button', { name: /Resend code in 60s/ });
    expect(countdown).toBeDisabled();
    await advance(30_000);
    expect(screen.getByRole('button', { name: /Resend code in 30s/ })).toBeDisabled();
    await advance(30_000);
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
  });

  it('resend failures: server message on 4xx, fallback otherwise; no countdown', async () => {
    vi.spyOn(authApi, 'resendCode')
      .mockRejectedValueOnce(
        new ApiError(429, 'Too many attempts. Please try again in 5 minutes.', 'RATE_LIMITED'),
      )
      .mockRejectedValueOnce(new ApiError(0, 'offline', 'NETWORK_ERROR'));
    const { user } = await registered();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await expectShown('Too many attempts. Please try again in 5 minutes.');
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await expectShown(RESEND_ERRORS.other);
  });

  it('Back to Registration returns to the filled form and clears the code', async () => {
    const { user } = await registered();
    await enter(user, field('Verification Code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Back to Registration' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(field('First Name')).toHaveValue('Ada');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByLabelText(/^Verification Code/)).toHaveValue('');
  });

  it('arriving from the login of an unverified account: code step with a fresh code', async () => {
    const resend = vi.spyOn(authApi, 'resendCode').mockResolvedValue({ message: 'ok', data: null });
    renderPage(<SignupPage />, { path: '/signup', state: { verifyEmail: 'ada@irongym.ng' } });
    await expectShown('Please verify your email before signing in.');
    await vi.waitFor(() => expect(resend).toHaveBeenCalledTimes(1));
    expect(resend).toHaveBeenCalledWith('ada@irongym.ng');
  });
  it('keeps the code step in the address, so a refresh shows it again for that e-mail', async () => {
    const { router } = await registered();
    expect(router.state.location.search).toBe('?verify=ada%40irongym.ng');
  });

  it('a refresh of the code step (or a return from the mail app) shows the code field', async () => {
    const resend = vi.spyOn(authApi, 'resendCode');
    const verify = verifies();
    const view = renderPage(<SignupPage />, { path: verifyPath('ada@irongym.ng') });
    const { user } = view;
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@irongym.ng')).toBeInTheDocument();
    await enter(user, field('Verification Code'), '1234567');
    // The password is never kept across a reload: verifying asks for it.
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await expectShown('Password must be at least 8 characters');
    expect(verify).not.toHaveBeenCalled();
    await enter(user, field('Your Password'), 'secret123');
    await expectVerified(view, verify, '1234567');
    expect(resend).not.toHaveBeenCalled();
  });

  it('Back to Registration leaves the code step for good', async () => {
    const { user, router } = renderPage(<SignupPage />, { path: verifyPath('ada@irongym.ng') });
    await user.click(await screen.findByRole('button', { name: 'Back to Registration' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(field('First Name')).toBeVisible();
  });

  it('a successful resend clears the old error and the old code', async () => {
    vi.spyOn(authApi, 'verifyEmail').mockRejectedValue(
      new ApiError(400, 'Invalid or expired verification code.', 'INVALID_CODE'),
    );
    vi.spyOn(authApi, 'resendCode').mockResolvedValue({ message: 'ok', data: null });
    const { user } = await registered();
    await enter(user, field('Verification Code'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await expectShown('Invalid or expired verification code.');
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await expectShown('A new verification code has been sent to ada@irongym.ng.');
    expect(screen.queryByText('Invalid or expired verification code.')).not.toBeInTheDocument();
    expect(field('Verification Code')).toHaveValue('');
  });

  it('from the login: a fresh code once; a refresh afterwards does not send (and void) another', async () => {
    const resend = vi.spyOn(authApi, 'resendCode').mockResolvedValue({ message: 'ok', data: null });
    const first = renderPage(<SignupPage />, {
      path: verifyPath('ada@irongym.ng'),
      state: { verifyEmail: 'ada@irongym.ng' },
    });
    await vi.waitFor(() => expect(resend).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(first.router.state.location.state).toEqual({
        verifyEmail: 'ada@irongym.ng',
        codeSent: true,
      }),
    );
    first.unmount();

    // The browser keeps the navigation state across a reload.
    renderPage(<SignupPage />, {
      path: verifyPath('ada@irongym.ng'),
      state: first.router.state.location.state,
    });
    await expectShown('Please verify your email before signing in.');
    expect(field('Verification Code')).toBeInTheDocument();
    expect(resend).toHaveBeenCalledTimes(1);
  });
});
