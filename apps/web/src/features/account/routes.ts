import { pages, type Feature } from '@/lib/feature';

/** The signed-in user's own pages, loaded on demand (reached from the user menu). */
export const accountFeature: Feature = {
  name: 'account',
  routes: pages('root', {
    profile: [() => import('./pages/profile-page'), 'ProfilePage'],
    'change-password': [() => import('./pages/change-password-page'), 'ChangePasswordPage'],
  }),
};
