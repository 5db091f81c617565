import { IconHistory } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/**
 * The Activity page (the audit trail), loaded on demand; its navigation item, after Payments,
 * shows only to owners and admins, the roles that may read the trail.
 */
export const activityFeature: Feature = {
  name: 'activity',
  nav: { label: 'Activity', to: '/activity', icon: IconHistory, order: 41, action: 'audit.read' },
  routes: pages('business', {
    activity: [() => import('./pages/activity-page'), 'ActivityPage', 'Activity'],
  }),
};
