import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { GuestOnly, RequireAuth } from './guards';
import { renderRoutes } from '@/test/render';
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
