import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { GuestOnly, RequireAuth, toLoginOnSessionEnd } from './guards';
import { routes as appRoutes } from './routes';
import { profile } from '@/test/fixtures';
import { json, mockFetch, ok } from '@/test/mock-fetch';
import { enter, field, renderRoutes } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { http, setSessionExpiredHandler } from '@/lib/http';
import { REFRESH_TOKEN_KEY, TOKEN_KEY, sessionStore } from '@/lib/session';

function Members() {
  const q = useQuery({ queryKey: ['m'], queryFn: () => http.get<string>('/v1/member') });
  return <p>{q.isError ? 'failed' : 'members'}</p>;
}

it('ends at /login with the stored tokens removed when the refresh fails', async () => {
  sessionStore.signIn({ access_token: accessToken(), refresh_token: 'stale' });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ message: 'expired', code: 'X' }), { status: 401 }),
    ),
  );
  const { router } = renderRoutes(
    [
      { element: <RequireAuth />, children: [{ path: '/members', element: <Members /> }] },
      { element: <GuestOnly />, children: [{ path: '/login', element: <h1>Sign in</h1> }] },
    ],
    { path: '/members' },
  );
  setSessionExpiredHandler(() => void router.navigate('/login', { replace: true }));

  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
});

describe('a session that ends says why on the sign-in page', () => {
  const openApp = (path: string, routes: Parameters<typeof mockFetch>[0]) => {
    const api = mockFetch({ 'GET /v1/auth/me': () => ok(profile()), ...routes });
    const view = renderRoutes(appRoutes, { path });
    setSessionExpiredHandler(toLoginOnSessionEnd(view.router, view.queryClient));
    return { api, ...view };
  };

  it('an expired session: the sign-in page says so, then returns to the page it was on', async () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'stale' });
    let signedIn = false;
    const { api, user, router } = openApp('/members?search=ada', {
      'GET /v1/member': () =>
        signedIn
          ? ok([], { meta: { page: 1, per_page: 20, pages: 0, total: 0 } })
          : json(401, { message: 'expired', code: 'TOKEN_INVALID' }),
      'POST /v1/auth/refresh': () =>
        json(401, {
          message: 'Your session has expired. Please sign in again.',
          code: 'INVALID_REFRESH',
        }),
      'POST /v1/auth/login': () => {
        signedIn = true;
        return ok({ access_token: accessToken({ iat: 2 }), refresh_token: 'fresh' });
      },
    });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your session has expired. Please sign in again.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fmembers%3Fsearch%3Dada');
    expect(api.sent('POST /v1/auth/refresh')).toHaveLength(1);

    await enter(user, field('Email Address'), 'ada@irongym.ng');
    await enter(user, field('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(router.state.location.search).toBe('?search=ada');
    // Said once: signed in again, the reason is gone.
    expect(sessionStore.endedBecause()).toBeNull();
  }, 60_000);

  it('a person removed from the business is signed out and told so on the sign-in page', async () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    const { api, router } = openApp('/members', {
      'GET /v1/member': () =>
        json(401, { message: 'You no longer have access to Iron Gym.', code: 'ACCESS_REMOVED' }),
    });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You no longer have access to Iron Gym.');
    // Not the business-setup prompt of an empty dashboard, and nothing to come back to.
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.sent('POST /v1/auth/refresh')).toHaveLength(0);
  }, 60_000);
});
