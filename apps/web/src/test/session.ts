import { sessionStore } from '@/lib/session';
import { accessToken } from './tokens';

/** Signs in as Ada, the owner of Iron Gym, or with other claims: signIn({ role: 'staff' }). */
export const signIn = (claims: Record<string, unknown> = {}) =>
  sessionStore.signIn({ access_token: accessToken(claims), refresh_token: 'r1' });
