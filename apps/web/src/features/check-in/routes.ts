import { IconDoorEnter } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/**
 * The check-in desk, for every role, and the kiosk: a full-screen page without the back
 * office's shell, reached with the device's kiosk token rather than a session.
 */
export const checkInFeature: Feature = {
  name: 'check-in',
  nav: { label: 'Check-in', to: '/check-in', icon: IconDoorEnter, order: 15 },
  routes: [
    ...pages('business', {
      'check-in': [() => import('./pages/check-in-page'), 'CheckInPage', 'Check-in'],
    }),
    ...pages('open', {
      'check-in/kiosk': [() => import('./pages/kiosk-page'), 'KioskPage', 'Kiosk'],
    }),
  ],
};
