import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { REFRESH_TOKEN_KEY, TOKEN_KEY, sessionStore } from '@/lib/session';
import { expectShown } from '@/test/expect';
import { advance, enter, field, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { authApi } from '../api';
import { LOGIN_FAILED } from '../components/login-form';
import { RESET_FAILED } from '../components/forgot-password-form';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  it('shows the validation messages', async () => {
    const login = vi.spyOn(authApi, 'login');
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectShown('Invalid email address', 'Password is required');
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in with remember_me, stores the tokens and goes to /dashboard', async () => {
    const token = accessToken();
    const login = vi
      .spyOn(authApi, 'login')
      .mockResolvedValue({ message: 'ok', data: { access_token: token, refresh_token: 'r1' } });
    const { user, router } = renderPage(<LoginPage />, { path: '/login' });
    await enter(user, field('Email Address'), ' Ada@IronGym.ng ');
    await enter(user, field('Password'), 'secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(login).toHaveBeenCalledWith({
      email: 'ada@irongym.ng',
      password: 'secret123',
      remember_me: true,
    });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r1');
  });

  it.each([
    ['/login?next=%2Fmembers%2Fadd', '/members/add'],
    ['/login?next=%2F%2Fevil.example%2Fmembers', '/dashboard'],
    ['/login?next=https%3A%2F%2Fevil.example', '/dashboard'],
    ['/login?next=%2Fblog', '/dashboard'],
  ])('signed in from %s, goes to %s', async (path, to) => {
    vi.spyOn(authApi, 'login').mockResolvedValue({
      message: 'ok',
      data: { access_token: accessToken(), refresh_token: 'r1' },
    });
    const { user, router } = renderPage(<LoginPage />, { path });
    await enter(user, field('Email Address'), 'ada@irongym.ng');
    await enter(user, field('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('says why the last session ended, once', async () => {
    sessionStore.end({ reason: 'removed', message: 'You no longer have access to Iron Gym.' });
    const first = renderPage(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You no longer have access to Iron Gym.',
    );
    first.unmount();
    // A reload of the sign-in page does not say it again.
    renderPage(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('You no longer have access to Iron Gym.')).not.toBeInTheDocument();
  });

  it('shows the server message, or the fallback', async () => {
    vi.spyOn(authApi, 'login')
      .mockRejectedValueOnce(
        new ApiError(429, 'Too many attempts. Please try again in 3 minutes.', 'RATE_LIMITED'),
      )
      .mockRejectedValueOnce(new ApiError(0, '', 'NETWORK_ERROR'));
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await enter(user, field('Email Address'), 'ada@irongym.ng');
    await enter(user, field('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectShown('Too many attempts. Please try again in 3 minutes.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectShown(LOGIN_FAILED);
  });

  it('an unverified account moves to the verification step for that e-mail', async () => {
    vi.spyOn(authApi, 'login').mockRejectedValue(
      new ApiError(403, 'Please verify your email before signing in.', 'EMAIL_NOT_VERIFIED'),
    );
    const { user, router } = renderPage(<LoginPage />, { path: '/login' });
    await enter(user, field('Email Address'), 'ada@irongym.ng');
    await enter(user, field('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.search).toBe('?verify=ada%40irongym.ng');
    expect(router.state.location.state).toEqual({ verifyEmail: 'ada@irongym.ng' });
  });

  it('shows the notice passed in navigation state with the e-mail prefilled, for 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(<LoginPage />, {
      path: '/login',
      state: { message: 'Password reset successfully!', email: 'ada@irongym.ng' },
    });
    await expectShown('Password reset successfully!');
    expect(field('Email Address')).toHaveValue('ada@irongym.ng');
    await advance(9_000);
    expect(screen.getByText('Password reset successfully!')).toBeInTheDocument();
    await advance(1_100);
    expect(screen.queryByText('Password reset successfully!')).not.toBeInTheDocument();
  });

  it('links to /signup', () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});

describe('Forgot-password dialog', () => {
  const open = async () => {
    const view = renderPage(<LoginPage />, { path: '/login' });
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    return { ...view, dialog: within(dialog) };
  };

  it('checks the e-mail', async () => {
    const reset = vi.spyOn(authApi, 'requestPasswordReset');
    const { user, dialog } = await open();
    await enter(user, dialog.getByLabelText(/^Email Address/), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    expect(await dialog.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
  });

  it('sends the link, then offers Try Different Email and Done', async () => {
    const reset = vi
      .spyOn(authApi, 'requestPasswordReset')
      .mockResolvedValue({ message: 'ok', data: null });
    const { user, dialog } = await open();
    await enter(user, dialog.getByLabelText(/^Email Address/), 'ada@irongym.ng');
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    expect(await dialog.findByText('Reset link sent!')).toBeInTheDocument();
    expect(reset).toHaveBeenCalledWith('ada@irongym.ng');

    await user.click(dialog.getByRole('button', { name: 'Try Different Email' }));
    expect(dialog.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    await user.click(await dialog.findByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows Reset failed with the server message or the fallback', async () => {
    vi.spyOn(authApi, 'requestPasswordReset').mockRejectedValue(new ApiError(500, '', 'X'));
    const { user, dialog } = await open();
    await enter(user, dialog.getByLabelText(/^Email Address/), 'ada@irongym.ng');
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    expect(await dialog.findByText('Reset failed')).toBeInTheDocument();
    expect(dialog.getByText(RESET_FAILED)).toBeInTheDocument();
  });
});
