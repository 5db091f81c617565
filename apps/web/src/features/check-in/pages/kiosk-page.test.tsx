import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KioskCheckInResult } from '@kora/shared';
import { fail, json, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { enter, renderRoutes } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { sessionStore } from '@/lib/session';
import { KIOSK_TOKEN_KEY } from '../kiosk/kiosk-api';
import { KIOSK_RESULT_MS, KioskPage } from './kiosk-page';

const INFO = 'GET /v1/kiosk';
const CHECK = 'POST /v1/kiosk/check-in';
const EXIT = 'POST /v1/kiosk/exit';
const TOKEN = 'kiosk-token-of-iron-gym';

const welcome: KioskCheckInResult = {
  tone: 'green',
  text: 'Welcome, Ada — 23 days left',
  first_name: 'Ada',
  picture_url: null,
};
const seeDesk: KioskCheckInResult = {
  tone: 'red',
  text: 'Please see the front desk',
  first_name: null,
  picture_url: null,
};

/** The kiosk page on a device holding the kiosk token (or none). */
const openKiosk = (
  routes: Record<string, Handler> = {},
  token: string | null = TOKEN,
  typedEntry = true,
) => {
  if (token) window.localStorage.setItem(KIOSK_TOKEN_KEY, token);
  const api = mockFetch({
    [INFO]: () =>
      ok({
        business_name: 'Iron Gym',
        business_logo_url: null,
        kiosk_name: 'Kiosk 27 Nov',
        typed_entry: typedEntry,
      }),
    [CHECK]: () => ok(welcome),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/check-in/kiosk', element: <KioskPage /> },
      { path: '/check-in', element: <div>Back at the desk</div> },
      { path: '/login', element: <div>Sign in page</div> },
    ],
    { path: '/check-in/kiosk' },
  );
  return { api, ...view };
};

const press = async (user: ReturnType<typeof openKiosk>['user'], digits: string) => {
  for (const d of digits) await user.click(screen.getByRole('button', { name: d }));
};

describe('KioskPage', () => {
  it('checks a member in from the keypad with their PIN and welcomes them, then is ready again', async () => {
    const { api, user } = openKiosk();
    expect(await screen.findByRole('heading', { name: 'Iron Gym' })).toBeInTheDocument();
    expect(
      screen.getByText('Scan your card or type your phone number or member ID'),
    ).toBeInTheDocument();
    await press(user, '08031234567');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await press(user, '7');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    // Then the PIN, shown as dots; nothing is sent before it.
    expect(await screen.findByText('Enter your PIN')).toBeInTheDocument();
    expect(api.sent(CHECK)).toHaveLength(0);
    await press(user, '2468');
    expect(screen.getByLabelText('4 digits typed')).toHaveTextContent('••••');
    expect(screen.queryByText('2468')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Welcome, Ada — 23 days left')).toBeInTheDocument();
    expect(api.sent(CHECK).map((r) => r.body)).toEqual([{ code: '08031234567', pin: '2468' }]);
    expect(api.sent(CHECK)[0]!.headers.get('Authorization')).toBe(`Kiosk ${TOKEN}`);
    expect(api.sent(INFO)[0]!.headers.get('Authorization')).toBe(`Kiosk ${TOKEN}`);
    // A few seconds later, ready for the next member.
    await waitFor(
      () =>
        expect(
          screen.getByText('Scan your card or type your phone number or member ID'),
        ).toBeInTheDocument(),
      { timeout: KIOSK_RESULT_MS + 2000 },
    );
    // The suite's limit (40 s): fifteen key presses and the answer's few seconds took over 15 s
    // beside the other lanes of npm test.
  });

  it('takes a USB scanner typing a card code and Enter; red shows only "Please see the front desk"', async () => {
    const { api, user } = openKiosk({ [CHECK]: () => ok(seeDesk) });
    await screen.findByRole('heading', { name: 'Iron Gym' });
    const scanner = screen.getByLabelText('Card scanner');
    await waitFor(() => expect(scanner).toHaveFocus());
    await user.keyboard('nq7c3xk2m4p5r6s7t2u3v4w5xa{Enter}');
    expect(await screen.findByText('Please see the front desk')).toBeInTheDocument();
    expect(api.sent(CHECK).map((r) => r.body)).toEqual([{ code: 'nq7c3xk2m4p5r6s7t2u3v4w5xa' }]);
    // Nothing about any member but the answer: no list, no name, no plan.
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/Okafor|Monthly|Expired/)).not.toBeInTheDocument();
  });

  it('says the kiosk was switched off when its token is refused, with a way to sign in', async () => {
    openKiosk({ [INFO]: () => json(401, { message: 'Sign in again.', code: 'UNAUTHORIZED' }) });
    expect(await screen.findByText('This kiosk was switched off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem(KIOSK_TOKEN_KEY)).toBeNull();
  });

  it('takes cards only unless the gym allows typed entry: no keypad, and says so', async () => {
    openKiosk({}, TOKEN, false);
    await screen.findByRole('heading', { name: 'Iron Gym' });
    expect(screen.getByText('Scan your card to check in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan my card' })).toBeInTheDocument();
  });

  it('is switched off when a check-in is refused for its token', async () => {
    const { user } = openKiosk({ [CHECK]: () => fail(401, 'Sign in again.') });
    await screen.findByRole('heading', { name: 'Iron Gym' });
    await press(user, '42');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await press(user, '1234');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('This kiosk was switched off')).toBeInTheDocument();
  });

  it('a device without a kiosk token is not a kiosk', async () => {
    const { api } = openKiosk({}, null);
    expect(await screen.findByText('This device is not set up as a kiosk')).toBeInTheDocument();
    expect(api.sent(INFO)).toHaveLength(0);
  });

  it('exits with the password: the desk is signed in again with the answered session', async () => {
    const tokens = { access_token: accessToken(), refresh_token: 'fresh-refresh' };
    const { api, user, router } = openKiosk({
      [EXIT]: (req) =>
        (req.body as { password: string }).password === 'Kora!Desk1'
          ? ok(tokens)
          : fail(401, 'The password is not right.'),
    });
    await screen.findByRole('heading', { name: 'Iron Gym' });
    await user.click(screen.getByRole('button', { name: 'Exit kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exit kiosk' });
    await user.click(screen.getAllByRole('button', { name: 'Exit kiosk' }).at(-1)!);
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    await enter(user, screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getAllByRole('button', { name: 'Exit kiosk' }).at(-1)!);
    expect(await screen.findByText('The password is not right.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(sessionStore.get().isAuthenticated).toBe(false);

    await user.clear(screen.getByLabelText(/Password/));
    await enter(user, screen.getByLabelText(/Password/), 'Kora!Desk1');
    await user.click(screen.getAllByRole('button', { name: 'Exit kiosk' }).at(-1)!);
    expect(await screen.findByText('Back at the desk')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check-in');
    expect(sessionStore.get().refreshToken).toBe('fresh-refresh');
    expect(window.localStorage.getItem(KIOSK_TOKEN_KEY)).toBeNull();
    expect(api.sent(EXIT)[0]!.headers.get('Authorization')).toBe(`Kiosk ${TOKEN}`);
    await act(async () => undefined);
  });
});
