import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '@/features/auth';
import { clearDeviceData } from '@/features/offline';
import { sessionStore } from '@/lib/session';

/**
 * Log out: revoke the refresh token (failure ignored), clear this device's list of members and
 * what it last saw (actions still waiting stay, to be sent when this user signs in again), clear
 * the session, go to the root.
 */
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
    // The device's copy of the members is not left behind for the next person at the desk.
    await clearDeviceData().catch(() => undefined);
  }, [navigate, queryClient]);
};
