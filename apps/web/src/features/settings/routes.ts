import { IconSettings } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The settings page, loaded on demand, and its navigation item. */
export const settingsFeature: Feature = {
  name: 'settings',
  nav: { label: 'Settings', to: '/settings', icon: IconSettings, order: 80 },
  routes: [
    { path: 'settings', page: lazyPage(() => import('./pages/settings-page'), 'SettingsPage') },
  ],
};
