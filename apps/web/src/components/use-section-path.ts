import { useCallback } from 'react';
import { useLocation } from 'react-router';

/**
 * Back-office pages live at /x and at /dashboard/x. Links between them keep the prefix the
 * user came in with: at /dashboard/members, sectionPath('members/7') is /dashboard/members/7.
 */
export const useSectionPath = () => {
  const { pathname } = useLocation();
  const prefix =
    pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? '/dashboard' : '';
  return useCallback((path: string) => `${prefix}/${path.replace(/^\//, '')}`, [prefix]);
};
