import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';

/** Login-required routes: signed-out visitors go to /login. */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/** /login and /signup: a signed-in user goes to /dashboard. */
export function GuestOnly() {
  const { isAuthenticated } = useSession();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
