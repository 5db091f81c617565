import { IconUserShield } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The users page, loaded on demand, and its navigation item. */
export const usersFeature: Feature = {
  name: 'users',
  nav: { label: 'Users', to: '/users', icon: IconUserShield, order: 60 },
  routes: [{ path: 'users', page: lazyPage(() => import('./pages/users-page'), 'UsersPage') }],
};
