import type { KoraModule } from '../module';
import { authRoutes } from './auth.routes';

/** Sign-up, sign-in, sessions, profile and passwords. */
export const authModule: KoraModule = {
  name: 'auth',
  routes: authRoutes,
};
