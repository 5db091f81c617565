import { IconSettings } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The settings page, loaded on demand, and its navigation item. */
export const settingsFeature: Feature = {
  name: 'settings',
  nav: { label: 'Settings', to: '/settings', icon: IconSettings, order: 80 },
  routes: pages('app', { settings: [() => import('./pages/settings-page'), 'SettingsPage'] }),
};
