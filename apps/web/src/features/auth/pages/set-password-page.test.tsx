import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectShown } from '@/test/expect';
import { fail, held, json, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { advance, enter, field, renderPage } from '@/test/render';
import { fakeJwt } from '@/test/tokens';
import { SET_PASSWORD_FAILED, SET_PASSWORD_SUCCESS } from '../components/set-password-form';
import { LINK_MESSAGES } from '../link-token';
import { passwordStrength } from '../password-strength';
import { SetPasswordPage } from './set-password-page';

const CHECK = 'POST /v1/auth/link/check';
const CONFIRM = 'POST /v1/auth/reset-password-confirm';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const tokenOf = (payload: Record<string, unknown>) => fakeJwt({ exp: inAnHour(), ...payload });
const pathOf = (token: string) => `/set-password?token=${encodeURIComponent(token)}`;

const ada = { email: 'ada@irongym.ng', type: 'reset' };
const tunde = { email: 'tunde@irongym.ng', type: 'setup', first_name: 'Tunde' };

/** What the link check answers for a usable link of `payload`. */
const usable = (payload: Record<string, unknown>) => () =>
  ok({ first_name: '', last_name: '', business_name: null, ...payload });

const linkRefused = (code: string, message: string) => () => json(400, { message, code });

/** The page at `path`, the link check answering `check` and the submit `confirm`. */
const open = (
  path: string,
  { check = usable(ada), confirm = () => ok({ email: 'ada@irongym.ng' }) } = {} as {
    check?: Handler;
    confirm?: Handler;
  },
  opts: { timers?: boolean } = {},
) => {
  const api = mockFetch({ [CHECK]: check, [CONFIRM]: confirm });
  return { api, ...renderPage(<SetPasswordPage />, { path, route: '/set-password', ...opts }) };
};

/** The page for Ada's reset link, once checked. */
const openReset = async (routes: Parameters<typeof open>[1] = {}, opts = {}) => {
  const token = tokenOf(ada);
  const view = open(pathOf(token), routes, opts);
  await screen.findByRole('button', { name: 'Reset Password' });
  return { ...view, token };
};

const typePasswords = async (user: ReturnType<typeof open>['user'], label = 'New Password') => {
  await enter(user, field(label), 'abcdefgh');
  await enter(user, field('Confirm Password'), 'abcdefgh');
};

describe('SetPasswordPage: the token', () => {
  it.each([
    ['missing', '/set-password'],
    ['undecodable', '/set-password?token=garbage'],
    ['without email', pathOf(tokenOf({ type: 'reset' }))],
    ['without type', pathOf(tokenOf({ email: 'ada@irongym.ng' }))],
  ])('%s → Invalid token, with Go to Login and Request new password reset', (_, path) => {
    const { api } = open(path);
    expect(screen.getByText(LINK_MESSAGES.invalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Request new password reset' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('expired → the expiry message, without asking the server', () => {
    const { api } = open(pathOf(tokenOf({ ...ada, exp: Math.floor(Date.now() / 1000) - 5 })));
    expect(
      screen.getByText('This link has expired. Please request a new invitation or password reset.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('checks the link with the server first: Checking your link... meanwhile', async () => {
    const check = held();
    const token = tokenOf(ada);
    const { api } = open(pathOf(token), { check: check.handler });
    expect(await screen.findByText('Checking your link...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    check.answer(usable(ada)());
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();
    expect(api.sent(CHECK).map((r) => r.body)).toEqual([{ token }]);
  });

  it.each([
    ['used', 'TOKEN_USED', 'This link has already been used. Please request a new one.'],
    ['revoked or replaced', 'INVALID_TOKEN', 'This link is no longer valid.'],
    ['expired on the server', 'TOKEN_EXPIRED', 'This link has expired.'],
  ])('a %s link shows the link error with the server message', async (_, code, message) => {
    open(pathOf(tokenOf(tunde)), { check: linkRefused(code, message) });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText("This link can't be used")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Request new password reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
  });

  it('when the check cannot be made the form shows anyway', async () => {
    open(pathOf(tokenOf(ada)), {
      check: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(field('Email Address')).toHaveValue('ada@irongym.ng');
  });

  it('reset mode', async () => {
    await openReset();
    expect(screen.getByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/First Name/)).not.toBeInTheDocument();
  });

  it('setup mode names the business that invites', async () => {
    open(pathOf(tokenOf(tunde)), {
      check: usable({ ...tunde, last_name: 'Bakare', business_name: 'Iron Temple' }),
    });
    expect(await screen.findByRole('heading', { name: 'Set Up Your Account' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Welcome, Tunde! Join Iron Temple on Kora: create a password to finish setting up your account.',
      ),
    ).toBeInTheDocument();
  });

  it('setup mode: the names the check gives, else the ones the token carries', async () => {
    open(pathOf(tokenOf(tunde)), { check: usable({ ...tunde, last_name: 'Bakare' }) });
    expect(await screen.findByRole('heading', { name: 'Set Up Your Account' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Tunde!/)).toBeInTheDocument();
    expect(field('Email Address')).toHaveValue('tunde@irongym.ng');
    expect(field('First Name')).toHaveValue('Tunde');
    expect(field('Last Name')).toHaveValue('Bakare');
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
  });
});

describe('SetPasswordPage: the form', () => {
  it('shows the validation messages', async () => {
    const { api, user } = await openReset();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown('Password must be at least 8 characters', 'Please confirm your password');

    await enter(user, field('New Password'), 'abcdefgh');
    await enter(user, field('Confirm Password'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown("Passwords don't match");
    expect(api.sent(CONFIRM)).toHaveLength(0);
  });

  it('rates the password: 0-2 Weak, 3 Fair, 4 Good, 5 Strong', async () => {
    expect(passwordStrength('').label).toBe('Weak');
    expect(passwordStrength('abcdefgh').label).toBe('Weak'); // length, lower
    expect(passwordStrength('abcdefgH').label).toBe('Fair');
    expect(passwordStrength('abcdefH1').label).toBe('Good');
    expect(passwordStrength('abcdeH1!').label).toBe('Strong');
    expect(passwordStrength('aB1!').label).toBe('Good'); // four checks, too short

    const { user } = await openReset();
    const strength = () => screen.getByTestId('password-strength');
    await enter(user, field('New Password'), 'abc');
    expect(strength()).toHaveTextContent('Weak');
    await enter(user, field('New Password'), 'defgH');
    expect(strength()).toHaveTextContent('Fair');
    await enter(user, field('New Password'), '1');
    expect(strength()).toHaveTextContent('Good');
    await enter(user, field('New Password'), '!');
    expect(strength()).toHaveTextContent('Strong');
    expect(screen.getByText('One special character')).toHaveTextContent('(met)');
  });

  it('only the length is enforced; success says so and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, router, token } = await openReset({}, { timers: true });
    await typePasswords(user);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await expectShown(SET_PASSWORD_SUCCESS.reset);
    expect(api.sent(CONFIRM).map((r) => r.body)).toEqual([
      { token, type: 'reset', password: 'abcdefgh', confirm_password: 'abcdefgh' },
    ]);
    expect(router.state.location.pathname).toBe('/set-password');
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      email: 'ada@irongym.ng',
      message: 'Password reset successfully! Please log in with your new password.',
    });
    expect(api.sent(CHECK)).toHaveLength(1);
  });

  it('setup asks for the names and sends them with the password', async () => {
    const token = tokenOf({ email: 'tunde@irongym.ng', type: 'setup' });
    const { api, user } = open(pathOf(token), {
      check: usable({ email: 'tunde@irongym.ng', type: 'setup' }),
    });
    await screen.findByRole('button', { name: 'Complete Setup' });
    expect(screen.getByText(/^Welcome!/)).toBeInTheDocument();
    await typePasswords(user, 'Password');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await expectShown(
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
    );
    expect(api.sent(CONFIRM)).toHaveLength(0);

    await enter(user, field('First Name'), ' Tunde ');
    await enter(user, field('Last Name'), 'Bakare');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await expectShown('Account setup complete! Please log in with your new password.');
    expect(api.sent(CONFIRM).map((r) => r.body)).toEqual([
      {
        token,
        type: 'setup',
        first_name: 'Tunde',
        last_name: 'Bakare',
        password: 'abcdefgh',
        confirm_password: 'abcdefgh',
      },
    ]);
  });

  it('a link refused on submit replaces the form with the link error', async () => {
    const { user } = open(pathOf(tokenOf(tunde)), {
      check: usable({ ...tunde, last_name: 'Bakare' }),
      confirm: linkRefused(
        'TOKEN_USED',
        'This link has already been used. Please request a new one.',
      ),
    });
    await screen.findByRole('button', { name: 'Complete Setup' });
    await typePasswords(user, 'Password');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    await expectShown(
      'This link has already been used. Please request a new one.',
      "This link can't be used",
    );
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
    expect(screen.queryByText('Setup Failed')).not.toBeInTheDocument();
  });

  it('other failures: Setup Failed with the server message or the fallback', async () => {
    const answers = [
      () =>
        json(400, {
          message: 'Choose a password you have not used before.',
          code: 'PASSWORD_REUSED',
        }),
      () => fail(503),
    ];
    const { user } = await openReset({ confirm: () => answers.shift()!() });
    await typePasswords(user);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown('Setup Failed', 'Choose a password you have not used before.');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByText(SET_PASSWORD_FAILED)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  });
});
