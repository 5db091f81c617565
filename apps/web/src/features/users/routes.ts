import { IconUserShield } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The users (team) page, loaded on demand, and its navigation item. */
export const usersFeature: Feature = {
  name: 'users',
  nav: { label: 'Users', to: '/users', icon: IconUserShield, order: 60 },
  routes: pages('business', { users: [() => import('./pages/users-page'), 'UsersPage', 'Users'] }),
};
