import type { KoraModule } from '../module';
import { kioskRoutes } from './kiosk.routes';

/** Kiosks: devices at the entrance where members check themselves in. */
export const kioskModule: KoraModule = {
  name: 'kiosk',
  routes: kioskRoutes,
};

// What app.ts calls: the kiosk of a token, for the kiosk's sign-in check; what the members'
// page calls: whether the kiosk takes typed entry and the member has a PIN, and setting it.
export { findKioskByToken, memberKioskEntry, setMemberPin } from './kiosk.service';
