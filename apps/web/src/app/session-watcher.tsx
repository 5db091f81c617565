import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { startSessionSync, useSession } from '@/lib/session';

/**
 * Keeps the session in step with storage (every second, and on changes from another tab) and
 * drops cached data that belonged to someone else: a sign-out or another user's sign-in clears
 * the cache; a business set up in another tab reloads the profile.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const previous = useRef(user);

  useEffect(() => startSessionSync(), []);

  useEffect(() => {
    const before = previous.current;
    previous.current = user;
    if (before?.id !== user?.id) queryClient.clear();
    else if (before?.businessId !== user?.businessId || before?.role !== user?.role)
      void queryClient.invalidateQueries();
  }, [user, queryClient]);

  return null;
}
