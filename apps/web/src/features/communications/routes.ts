import { IconMessages } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The communications pages, loaded on demand, and their navigation item. */
export const communicationsFeature: Feature = {
  name: 'communications',
  nav: { label: 'Communications', to: '/communications', icon: IconMessages, order: 50 },
  routes: pages('business', {
    communications: [
      () => import('./pages/communications-page'),
      'CommunicationsPage',
      'Communications',
    ],
    'communications/create': [
      () => import('./pages/communication-create-page'),
      'CommunicationCreatePage',
      'New message',
    ],
    'communications/:id': [
      () => import('./pages/communication-details-page'),
      'CommunicationDetailsPage',
      'Message details',
    ],
  }),
};
