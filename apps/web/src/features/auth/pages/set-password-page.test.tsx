import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { expectShown } from '@/test/expect';
import { advance, field, renderPage } from '@/test/render';
import { fakeJwt } from '@/test/tokens';
import { authApi } from '../api';
import { SET_PASSWORD_FAILED, SET_PASSWORD_SUCCESS } from '../components/set-password-form';
import { LINK_MESSAGES } from '../link-token';
import { passwordStrength } from '../password-strength';
import { SetPasswordPage } from './set-password-page';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const link = (payload: Record<string, unknown>) =>
  `/set-password?token=${encodeURIComponent(fakeJwt(payload))}`;
const open = (path: string) => renderPage(<SetPasswordPage />, { path, route: '/set-password' });

describe('SetPasswordPage: the token', () => {
  it.each([
    ['missing', '/set-password'],
    ['undecodable', '/set-password?token=garbage'],
    ['without email', link({ type: 'reset', exp: inAnHour() })],
    ['without type', link({ email: 'ada@irongym.ng', exp: inAnHour() })],
  ])('%s → Invalid token, with Go to Login and Request new password reset', (_, path) => {
    open(path);
    expect(screen.getByText(LINK_MESSAGES.invalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Request new password reset' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('expired → the expiry message', () => {
    open(link({ email: 'ada@irongym.ng', type: 'reset', exp: Math.floor(Date.now() / 1000) - 5 }));
    expect(
      screen.getByText('This link has expired. Please request a new invitation or password reset.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it('reset and setup modes', () => {
    open(link({ email: 'ada@irongym.ng', type: 'reset', exp: inAnHour() }));
    expect(screen.getByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('any other type is account setup', () => {
    open(link({ email: 'tunde@irongym.ng', type: 'setup', exp: inAnHour(), first_name: 'Tunde' }));
    expect(screen.getByRole('heading', { name: 'Set Up Your Account' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Tunde!/)).toBeInTheDocument();
    expect(field('Email Address')).toHaveValue('tunde@irongym.ng');
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
  });
});

describe('SetPasswordPage: the form', () => {
  const resetLink = () => link({ email: 'ada@irongym.ng', type: 'reset', exp: inAnHour() });

  it('shows the validation messages', async () => {
    const confirm = vi.spyOn(authApi, 'confirmPasswordReset');
    const { user } = open(resetLink());
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown('Password must be at least 8 characters', 'Please confirm your password');

    await user.type(field('New Password'), 'abcdefgh');
    await user.type(field('Confirm Password'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown("Passwords don't match");
    expect(confirm).not.toHaveBeenCalled();
  });

  it('rates the password: 0-2 Weak, 3 Fair, 4 Good, 5 Strong', async () => {
    expect(passwordStrength('').label).toBe('Weak');
    expect(passwordStrength('abcdefgh').label).toBe('Weak'); // length, lower
    expect(passwordStrength('abcdefgH').label).toBe('Fair');
    expect(passwordStrength('abcdefH1').label).toBe('Good');
    expect(passwordStrength('abcdeH1!').label).toBe('Strong');
    expect(passwordStrength('aB1!').label).toBe('Good'); // four checks, too short

    const { user } = open(resetLink());
    const strength = () => screen.getByTestId('password-strength');
    await user.type(field('New Password'), 'abc');
    expect(strength()).toHaveTextContent('Weak');
    await user.type(field('New Password'), 'defgH');
    expect(strength()).toHaveTextContent('Fair');
    await user.type(field('New Password'), '1');
    expect(strength()).toHaveTextContent('Good');
    await user.type(field('New Password'), '!');
    expect(strength()).toHaveTextContent('Strong');
    expect(screen.getByText('One special character')).toHaveTextContent('(met)');
  });

  it('only the length is enforced; success says so and goes to /login after 2 s', async () => {
    const confirm = vi
      .spyOn(authApi, 'confirmPasswordReset')
      .mockResolvedValue({ message: 'ok', data: { email: 'ada@irongym.ng' } });
    const path = resetLink();
    const token = decodeURIComponent(path.split('token=')[1]!);
    const { user, router } = open(path);
    await user.type(field('New Password'), 'abcdefgh');
    await user.type(field('Confirm Password'), 'abcdefgh');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await expectShown(SET_PASSWORD_SUCCESS.reset);
    expect(confirm).toHaveBeenCalledWith({
      token,
      type: 'reset',
      password: 'abcdefgh',
      confirm_password: 'abcdefgh',
    });
    expect(router.state.location.pathname).toBe('/set-password');
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      email: 'ada@irongym.ng',
      message: 'Password reset successfully! Please log in with your new password.',
    });
  });

  it('setup success carries the setup message', async () => {
    vi.spyOn(authApi, 'confirmPasswordReset').mockResolvedValue({
      message: 'ok',
      data: { email: 'x' },
    });
    const { user } = open(link({ email: 'tunde@irongym.ng', type: 'setup', exp: inAnHour() }));
    await user.type(field('Password'), 'abcdefgh');
    await user.type(field('Confirm Password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await expectShown('Account setup complete! Please log in with your new password.');
  });

  it('failure: Setup Failed with the server message or the fallback', async () => {
    vi.spyOn(authApi, 'confirmPasswordReset')
      .mockRejectedValueOnce(
        new ApiError(
          400,
          'This link has already been used. Please request a new one.',
          'TOKEN_USED',
        ),
      )
      .mockRejectedValueOnce(new ApiError(0, '', 'NETWORK_ERROR'));
    const { user } = open(resetLink());
    await user.type(field('New Password'), 'abcdefgh');
    await user.type(field('Confirm Password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown('Setup Failed', 'This link has already been used. Please request a new one.');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown(SET_PASSWORD_FAILED);
  });
});
