import { IconMessages } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The communications page, loaded on demand, and its navigation item. */
export const communicationsFeature: Feature = {
  name: 'communications',
  nav: { label: 'Communications', to: '/communications', icon: IconMessages, order: 50 },
  routes: pages('app', {
    communications: [() => import('./pages/communications-page'), 'CommunicationsPage'],
  }),
};
