import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, sessionStore } from '@/lib/session';
import { decodeJwt } from '@/lib/jwt';
import { plan, profile } from '@/test/fixtures';
import { inTurn, json, mockFetch, ok } from '@/test/mock-fetch';
import { renderRoutes } from '@/test/render';
import { signIn } from '@/test/session';
import { accessToken } from '@/test/tokens';
import { routes as appRoutes } from './routes';
import { SessionWatcher } from './session-watcher';

const plans = [plan({ name: 'Quarterly', duration: 3 })];

/** The app at the plans page, under the session watcher as the app's providers hold it. */
const open = (routes: Parameters<typeof mockFetch>[0]) => {
  const api = mockFetch({ 'GET /v1/subscription-type': () => ok(plans), ...routes });
  const view = renderRoutes(
    [
      {
        element: (
          <>
            <Notifications />
            <SessionWatcher />
            <Outlet />
          </>
        ),
        children: appRoutes,
      },
    ],
    { path: '/subscription-plans' },
  );
  return { api, ...view };
};

/** The refresh answers a token carrying `claims` (the role the server holds now). */
const refreshTo = (claims: Record<string, unknown>) => () =>
  ok({ access_token: accessToken(claims), refresh_token: 'r2' });

afterEach(() => notifications.clean());

describe('the screens follow the role the server holds', () => {
  it('a token saying staff, a session read saying admin: Add Plan enabled and the notice', async () => {
    signIn({ role: 'staff' });
    const { api } = open({
      'GET /v1/auth/me': () => ok(profile({ role: 'admin' })),
      'POST /v1/auth/refresh': refreshTo({ role: 'admin' }),
    });
    await screen.findByText('Quarterly');

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add Plan' })).toBeEnabled());
    expect(await screen.findByText('Your role is now Admin.')).toBeInTheDocument();
    // The tokens are renewed so they carry the role too (a reload says nothing again).
    await vi.waitFor(() =>
      expect(decodeJwt(window.localStorage.getItem(TOKEN_KEY))).toMatchObject({ role: 'admin' }),
    );
    expect(api.sent('POST /v1/auth/refresh')).toHaveLength(1);
  });

  it('a call refused for the role reads the session again: demoted, the screen follows', async () => {
    signIn({ role: 'admin' });
    const { api, user } = open({
      'GET /v1/auth/me': inTurn(
        () => ok(profile({ role: 'admin' })),
        () => ok(profile({ role: 'staff' })),
      ),
      'DELETE /v1/subscription-type/7': () =>
        json(403, {
          message: 'Only the business owner or an admin can do this.',
          code: 'ROLE_FORBIDDEN',
        }),
      'POST /v1/auth/refresh': refreshTo({ role: 'staff' }),
    });
    await screen.findByText('Quarterly');
    await vi.waitFor(() => expect(api.sent('GET /v1/auth/me')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Add Plan' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'More actions for Quarterly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Subscription Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));

    expect(await screen.findByText('Your role is now Staff.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add Plan' })).toBeDisabled());
    expect(api.sent('GET /v1/auth/me').length).toBeGreaterThanOrEqual(2);
  });

  it('reads the session again when the window regains focus', async () => {
    signIn({ role: 'staff' });
    const { api } = open({
      'GET /v1/auth/me': inTurn(
        () => ok(profile({ role: 'staff' })),
        () => ok(profile({ role: 'admin' })),
      ),
      'POST /v1/auth/refresh': refreshTo({ role: 'admin' }),
    });
    await screen.findByText('Quarterly');
    await vi.waitFor(() => expect(api.sent('GET /v1/auth/me')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Add Plan' })).toBeDisabled();
    expect(screen.queryByText(/Your role is now/)).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText('Your role is now Admin.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Plan' })).toBeEnabled();
  });

  it('a new business gives its owner no notice (the role comes with the business)', async () => {
    signIn({ role: null, business_id: null });
    open({
      'GET /v1/auth/me': () => ok(profile({ role: 'owner', business_id: 7 })),
      'POST /v1/auth/refresh': refreshTo({ role: 'owner', business_id: 7 }),
    });
    await vi.waitFor(() => expect(sessionStore.get().user).toMatchObject({ role: 'owner' }));
    expect(sessionStore.get().user?.businessId).toBe(7);
    expect(screen.queryByText(/Your role is now/)).not.toBeInTheDocument();
  });
});
