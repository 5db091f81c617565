import type { KoraModule } from '../module';
import { kioskRoutes } from './kiosk.routes';

/** Kiosks: devices at the entrance where members check themselves in. */
export const kioskModule: KoraModule = {
  name: 'kiosk',
  routes: kioskRoutes,
};

// What app.ts calls: the kiosk of a token, for the kiosk's sign-in check; what the members'
// page calls: the member setting their kiosk PIN.
export { findKioskByToken, setMemberPin } from './kiosk.service';
