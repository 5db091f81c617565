import { useSyncExternalStore } from 'react';
import type { AccessClaims, Role, TokenPair } from '@kora/shared';
import { decodeJwt } from './jwt';

/** Local storage keys of the stored credentials. */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** The stored tokens are re-read this often. */
export const SESSION_POLL_MS = 1000;

/** The user as decoded from the access token (never shown as such; the profile call is). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role | null;
  businessId: number | null;
  /** Expiry in ms since the epoch: computed, not enforced (the server answers 401). */
  expiresAt: number | null;
}

export interface Session {
  user: SessionUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
}

export const SIGNED_OUT: Session = Object.freeze({
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
});

/** The session user from an access token, or null when it cannot be decoded. */
export const userFromToken = (token: string | null | undefined): SessionUser | null => {
  const claims = decodeJwt<Partial<AccessClaims>>(token);
  if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
  return {
    id: claims.sub,
    email: claims.email,
    firstName: claims.first_name ?? '',
    lastName: claims.last_name ?? '',
    role: claims.role ?? null,
    businessId: typeof claims.business_id === 'number' ? claims.business_id : null,
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null,
  };
};

// Storage can throw (private mode, quota, disabled): a failure means "nothing stored".
const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* the session still lives in memory for this tab */
  }
};
const remove = (key: string) => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
};
const removeStored = () => {
  remove(TOKEN_KEY);
  remove(REFRESH_TOKEN_KEY);
};

/** The session held in storage: valid only if both tokens are there and the access token decodes. */
const fromStorage = (): Session => {
  const token = read(TOKEN_KEY);
  const refreshToken = read(REFRESH_TOKEN_KEY);
  if (!token || !refreshToken) return SIGNED_OUT;
  const user = userFromToken(token);
  if (!user) {
    removeStored();
    return SIGNED_OUT;
  }
  return { user, token, refreshToken, isAuthenticated: true };
};

let current: Session = typeof window === 'undefined' ? SIGNED_OUT : fromStorage();
const listeners = new Set<() => void>();

const set = (next: Session) => {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
};

export const sessionStore = {
  get: (): Session => current,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Signs in (or adopts a refreshed pair): decodes the user, stores both tokens. */
  signIn(tokens: TokenPair): SessionUser {
    const user = userFromToken(tokens.access_token);
    if (!user || !tokens.refresh_token) throw new Error('The server answered an unreadable token.');
    write(TOKEN_KEY, tokens.access_token);
    write(REFRESH_TOKEN_KEY, tokens.refresh_token);
    set({
      user,
      token: tokens.access_token,
      refreshToken: tokens.refresh_token,
      isAuthenticated: true,
    });
    return user;
  },

  /** Clears the session and the stored tokens. */
  clear() {
    removeStored();
    set(SIGNED_OUT);
  },

  /**
   * Re-reads storage: adopts a changed token (another tab signed in or refreshed), signs out when
   * the tokens disappeared, removes tokens that cannot be decoded.
   */
  syncFromStorage() {
    const token = read(TOKEN_KEY);
    const refreshToken = read(REFRESH_TOKEN_KEY);
    if (token === current.token && refreshToken === current.refreshToken) return;
    set(fromStorage());
  },
};

/** Keeps the session in step with storage: every second and on `storage` events. */
export const startSessionSync = (intervalMs = SESSION_POLL_MS): (() => void) => {
  sessionStore.syncFromStorage();
  const timer = window.setInterval(() => sessionStore.syncFromStorage(), intervalMs);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) {
      sessionStore.syncFromStorage();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
};

/** The current session; re-renders when it changes. */
export const useSession = (): Session =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
