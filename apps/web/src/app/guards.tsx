import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, type DataRouter } from 'react-router';
import { afterSignIn, loginPath } from '@/lib/next-path';
import { sessionStore, useSession, type SessionEnd } from '@/lib/session';

/**
 * What the app does when a session ends without the user signing out (the session is already
 * cleared, the reason kept for the sign-in page): drops the cached data and goes to /login. An
 * expired session comes back to the page it was on after signing in; a person removed from
 * their business does not (its pages are no longer theirs).
 */
export const toLoginOnSessionEnd =
  (router: Pick<DataRouter, 'state' | 'navigate'>, queryClient: QueryClient) =>
  (end: SessionEnd) => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    void router.navigate(loginPath(end.reason === 'expired' ? pathname + search : null), {
      replace: true,
    });
  };

/**
 * Login-required routes: signed-out visitors go to /login, which brings them back here after
 * they sign in (unless they were removed from their business: their pages are gone).
 */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    const removed = sessionStore.endedBecause()?.reason === 'removed';
    const to = loginPath(removed ? null : location.pathname + location.search);
    return <Navigate to={to} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/** /login and /signup: a signed-in user goes to the page the login link names, or /dashboard. */
export function GuestOnly() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={afterSignIn(location.search)} replace />;
  return <Outlet />;
}
