import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { TOKEN_KEY, sessionStore } from '@/lib/session';
import { expectShown } from '@/test/expect';
import { advance, enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { accessToken } from '@/test/tokens';
import { accountApi } from '../api';
import { CHANGE_PASSWORD_FAILED, ChangePasswordPage } from './change-password-page';

const open = () => renderPage(<ChangePasswordPage />, { path: '/change-password' });
const submit = () => screen.getByRole('button', { name: 'Change Password' });

beforeEach(() => signIn());

describe('ChangePasswordPage', () => {
  it('shows the validation messages', async () => {
    const change = vi.spyOn(accountApi, 'changePassword');
    const { user } = open();
    await user.click(submit());
    await expectShown(
      'Current password is required',
      'New password must be at least 8 characters',
      'Please confirm your new password',
    );

    await enter(user, field('Current Password'), 'old-secret');
    await enter(user, field('New Password'), 'new-secret');
    await enter(user, field('Confirm New Password'), 'new-secreX');
    await user.click(submit());
    await expectShown("New passwords don't match");
    expect(change).not.toHaveBeenCalled();
  });

  it('has a show/hide toggle on each of the three fields', async () => {
    const { user } = open();
    const toggles = screen.getAllByRole('button', { name: 'Show or hide password' });
    expect(toggles).toHaveLength(3);
    expect(field('New Password')).toHaveAttribute('type', 'password');
    await user.click(toggles[1]!);
    expect(field('New Password')).toHaveAttribute('type', 'text');
  });

  it('success: stores the fresh tokens, clears the form, banner for 5 s', async () => {
    const fresh = accessToken({ iat: 99 });
    const change = vi
      .spyOn(accountApi, 'changePassword')
      .mockResolvedValue({ message: 'ok', data: { access_token: fresh, refresh_token: 'r2' } });
    const { user } = open();
    await enter(user, field('Current Password'), 'old-secret');
    await enter(user, field('New Password'), 'new-secret');
    await enter(user, field('Confirm New Password'), 'new-secret');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(submit());

    await expectShown('Password changed successfully!');
    expect(change).toHaveBeenCalledWith({
      old_password: 'old-secret',
      new_password: 'new-secret',
      confirm_password: 'new-secret',
    });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(sessionStore.get().refreshToken).toBe('r2');
    expect(field('Current Password')).toHaveValue('');
    expect(field('New Password')).toHaveValue('');
    expect(field('Confirm New Password')).toHaveValue('');
    await advance(5_100);
    expect(screen.queryByText('Password changed successfully!')).not.toBeInTheDocument();
  });

  it('failure: the server message (also on the field) or the fallback', async () => {
    vi.spyOn(accountApi, 'changePassword')
      .mockRejectedValueOnce(
        new ApiError(400, 'Your current password is incorrect.', 'WRONG_PASSWORD', {
          old_password: 'Your current password is incorrect.',
        }),
      )
      .mockRejectedValueOnce(new ApiError(0, '', 'NETWORK_ERROR'));
    const { user } = open();
    await enter(user, field('Current Password'), 'wrong-one');
    await enter(user, field('New Password'), 'new-secret');
    await enter(user, field('Confirm New Password'), 'new-secret');
    await user.click(submit());
    expect(await screen.findAllByText('Your current password is incorrect.')).toHaveLength(2);
    await user.click(submit());
    await expectShown(CHANGE_PASSWORD_FAILED);
  });
});
