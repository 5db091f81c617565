import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The signed-in user's own pages, loaded on demand (reached from the user menu). */
export const accountFeature: Feature = {
  name: 'account',
  routes: [
    {
      path: 'profile',
      page: lazyPage(() => import('./pages/profile-page'), 'ProfilePage'),
      alsoUnderDashboard: false,
    },
    {
      path: 'change-password',
      page: lazyPage(() => import('./pages/change-password-page'), 'ChangePasswordPage'),
      alsoUnderDashboard: false,
    },
  ],
};
