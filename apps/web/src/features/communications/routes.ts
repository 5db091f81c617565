import { IconMessages } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The communications page, loaded on demand, and its navigation item. */
export const communicationsFeature: Feature = {
  name: 'communications',
  nav: { label: 'Communications', to: '/communications', icon: IconMessages, order: 50 },
  routes: [
    {
      path: 'communications',
      page: lazyPage(() => import('./pages/communications-page'), 'CommunicationsPage'),
    },
  ],
};
