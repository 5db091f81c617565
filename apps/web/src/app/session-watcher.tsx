import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Role } from '@kora/shared';
import { useUserProfile } from '@/features/account';
import { onRoleRefused, refreshSession } from '@/lib/http';
import { queryRoots } from '@/lib/query-keys';
import { sessionStore, startSessionSync, useSession } from '@/lib/session';

/** A role in words, as the notice of a changed role says it. */
const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };

const ROLE_NOTICE_ID = 'role-changed';

/** The notice a user sees when the server holds another role for them than their screens did. */
const roleNotice = (role: Role) => `Your role is now ${ROLE_NAMES[role]}.`;

/**
 * Keeps the session in step with storage (every second, and on changes from another tab) and
 * drops cached data that belonged to someone else: a sign-out or another user's sign-in clears
 * the cache; a business set up in another tab reloads the profile.
 *
 * The screens follow the role and business the server holds, not the ones the token was issued
 * with: the session read (the profile) is taken into the session whenever it answers. It is read
 * again when the window regains focus and when a call is refused for the role. A changed role is
 * said in a short notice, and the tokens are renewed so they carry it too.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const previous = useRef(user);
  const profile = useUserProfile().data;

  useEffect(() => startSessionSync(), []);

  useEffect(
    () =>
      onRoleRefused(() => void queryClient.invalidateQueries({ queryKey: queryRoots.userProfile })),
    [queryClient],
  );

  useEffect(() => {
    if (!profile) return;
    const before = sessionStore.get().user?.role ?? null;
    const { roleChanged, businessChanged } = sessionStore.adoptAccess({
      userId: profile.id,
      role: profile.role,
      businessId: profile.business_id,
    });
    if (!roleChanged && !businessChanged) return;
    // A role that changed within the business (not the one a new business gives its owner).
    if (roleChanged && before && profile.role)
      notifications.show({ id: ROLE_NOTICE_ID, message: roleNotice(profile.role) });
    void refreshSession().catch(() => null);
  }, [profile]);

  useEffect(() => {
    const before = previous.current;
    previous.current = user;
    if (before?.id !== user?.id) {
      queryClient.clear();
      notifications.hide(ROLE_NOTICE_ID); // about the session that ended
    } else if (before?.businessId !== user?.businessId || before?.role !== user?.role)
      void queryClient.invalidateQueries();
  }, [user, queryClient]);

  return null;
}
