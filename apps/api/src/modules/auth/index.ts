import type { KoraModule } from '../module';
import { authRoutes } from './auth.routes';

/** Sign-up, sign-in, sessions, profile and passwords. */
export const authModule: KoraModule = {
  name: 'auth',
  routes: authRoutes,
};

// What other modules may call: the team invites, removes and signs people out through these;
// the kiosk hands the desk back with a fresh session for a password.
export {
  dropInvitationLinks,
  endSessions,
  sendInvitation,
  sessionForPassword,
  setProfilePicture,
} from './auth.service';
