import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { expectShown } from '@/test/expect';
import { enter, field, renderPage } from '@/test/render';
import { authApi } from '../api';
import { REGISTER_ERRORS, RegisterForm } from './register-form';

const fill = async (
  user: ReturnType<typeof renderPage>['user'],
  values: Partial<Record<string, string>> = {},
) => {
  const v = {
    'First Name': 'Ada',
    'Last Name': 'Obi',
    'Email Address': 'Ada@IronGym.ng',
    'Phone Number': '08031234567',
    Password: 'secret123',
    'Confirm Password': 'secret123',
    ...values,
  };
  for (const [label, value] of Object.entries(v)) {
    const input = field(label);
    await user.clear(input);
    if (value) await enter(user, input, value);
  }
};

describe('RegisterForm', () => {
  it('shows every validation message', async () => {
    const register = vi.spyOn(authApi, 'register');
    const { user } = renderPage(<RegisterForm onRegistered={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await expectShown(
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Invalid email address',
      'Phone number must be at least 11 characters',
      'Password must be at least 8 characters',
    );
    expect(register).not.toHaveBeenCalled();
  });

  it('says when the passwords do not match', async () => {
    const { user } = renderPage(<RegisterForm onRegistered={vi.fn()} />);
    await fill(user, { 'Confirm Password': 'secret124' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectShown("Passwords don't match");
  });

  it('registers without the confirmation and moves on with the e-mail', async () => {
    const register = vi
      .spyOn(authApi, 'register')
      .mockResolvedValue({ message: 'ok', data: { email: 'ada@irongym.ng' } });
    const onRegistered = vi.fn();
    const { user } = renderPage(<RegisterForm onRegistered={onRegistered} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ada@irongym.ng'));
    expect(register).toHaveBeenCalledWith({
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@irongym.ng',
      phone_number: '08031234567',
      password: 'secret123',
    });
  });

  it('shows the server message on 4xx and the fallback on other failures', async () => {
    const register = vi
      .spyOn(authApi, 'register')
      .mockRejectedValueOnce(
        new ApiError(409, 'An account with this email already exists.', 'EMAIL_TAKEN'),
      )
      .mockRejectedValueOnce(new ApiError(500, 'Something went wrong', 'INTERNAL'))
      .mockRejectedValueOnce(new ApiError(422, '', 'X'));
    const { user } = renderPage(<RegisterForm onRegistered={vi.fn()} />);
    await fill(user);
    const submit = screen.getByRole('button', { name: 'Create Account' });

    await user.click(submit);
    await expectShown('An account with this email already exists.');
    await user.click(submit);
    await expectShown(REGISTER_ERRORS.other);
    await user.click(submit);
    await expectShown(REGISTER_ERRORS.client);
    expect(register).toHaveBeenCalledTimes(3);
  });
});
