import { IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/*
 * The pages that only compose features: each shows what several features contribute, so it
 * belongs to the app, not to one of them. Each is loaded on demand, in its own chunk.
 */

/** The dashboard and its navigation item. */
export const dashboardPages: Feature = {
  name: 'dashboard',
  nav: { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, order: 10 },
  routes: pages('root', { dashboard: [() => import('./dashboard-page'), 'DashboardPage'] }),
};

/** The settings page and its navigation item. */
export const settingsPages: Feature = {
  name: 'settings',
  nav: { label: 'Settings', to: '/settings', icon: IconSettings, order: 80 },
  routes: pages('app', { settings: [() => import('./settings-page'), 'SettingsPage'] }),
};

/**
 * The actions recorded offline on this device that the server refused (the banner links here).
 * No navigation item: it is reached from the banner.
 */
export const offlinePages: Feature = {
  name: 'offline',
  routes: pages('app', {
    offline: [() => import('./needs-attention-page'), 'NeedsAttentionPage', 'Needs attention'],
  }),
};
