import { IconUserShield } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The team page (the business's users), loaded on demand, and its navigation item. */
export const teamFeature: Feature = {
  name: 'team',
  nav: { label: 'Users', to: '/users', icon: IconUserShield, order: 60 },
  routes: pages('business', { users: [() => import('./pages/team-page'), 'TeamPage', 'Users'] }),
};
