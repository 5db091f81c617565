import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '@/features/auth';
import { sessionStore } from '@/lib/session';

/** Log out: revoke the refresh token (failure ignored), clear the session, go to the root. */
export const useSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { refreshToken } = sessionStore.get();
    if (refreshToken) void authApi.logout(refreshToken).catch(() => undefined);
    // Leave the protected area first (synchronously, not in a transition), so its guard does not
    // see the cleared session and send us to /login instead.
    await navigate('/', { replace: true, flushSync: true });
    sessionStore.clear();
    queryClient.clear();
  }, [navigate, queryClient]);
};
