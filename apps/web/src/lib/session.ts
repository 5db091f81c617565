import { useSyncExternalStore } from 'react';
import { SIGNED_IN_HINT_COOKIE, type AccessClaims, type Role, type TokenPair } from '@kora/shared';
import { decodeJwt } from './jwt';

/** Local storage keys of the stored credentials. */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** The stored tokens are re-read this often. */
const SESSION_POLL_MS = 1000;

/**
 * The signed-in user: decoded from the access token, then with the role and business the
 * server's session read answers (`adoptAccess`), which the screens follow. Never shown as such.
 */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role | null;
  businessId: number | null;
  /** This is the person's first session (welcomed, not welcomed back). */
  firstSession: boolean;
  /** Expiry in ms since the epoch: computed, not enforced (the server answers 401). */
  expiresAt: number | null;
}

export interface Session {
  user: SessionUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
}

/** Why a session ended without the user signing out: the sign-in page says so. */
export interface SessionEnd {
  /** The refresh token expired or was revoked; or the user was taken out of their business. */
  reason: 'expired' | 'removed';
  message: string;
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Session storage key (this tab) of why the last session ended, until the sign-in page shows it. */
const SESSION_END_KEY = 'kora.session-end';

/** The role and business the server holds for the signed-in user (the session read's answer). */
export interface ServerAccess {
  /** The user the answer is about. */
  userId: number | string;
  role: Role | null;
  businessId: number | null;
}

const SIGNED_OUT: Session = Object.freeze({
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
    firstSession: claims.first_session === true,
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
const readEnd = (): SessionEnd | null => {
  try {
    const raw = window.sessionStorage.getItem(SESSION_END_KEY);
    const end = raw ? (JSON.parse(raw) as Partial<SessionEnd>) : null;
    return end &&
      (end.reason === 'expired' || end.reason === 'removed') &&
      typeof end.message === 'string'
      ? { reason: end.reason, message: end.message }
      : null;
  } catch {
    return null;
  }
};
const writeEnd = (end: SessionEnd | null) => {
  try {
    if (end) window.sessionStorage.setItem(SESSION_END_KEY, JSON.stringify(end));
    else window.sessionStorage.removeItem(SESSION_END_KEY);
  } catch {
    /* the sign-in page then shows no reason */
  }
};

/**
 * Tells the server that someone is signed in on this browser (no secret: see
 * SIGNED_IN_HINT_COOKIE), so a mistyped address answers the back office's not-found page.
 */
const hintSignedIn = (signedIn: boolean) => {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${signedIn ? '1; Max-Age=2592000' : '; Max-Age=0'}; Path=/; SameSite=Lax${secure}`;
};

const removeStored = () => {
  remove(TOKEN_KEY);
  remove(REFRESH_TOKEN_KEY);
  hintSignedIn(false);
};

/** The session held in storage: valid only if both tokens are there and the access token decodes. */
const fromStorage = (): Session => {
  const token = read(TOKEN_KEY);
  const refreshToken = read(REFRESH_TOKEN_KEY);
  if (!token || !refreshToken) {
    hintSignedIn(false);
    return SIGNED_OUT;
  }
  const user = userFromToken(token);
  if (!user) {
    removeStored();
    return SIGNED_OUT;
  }
  hintSignedIn(true);
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
    hintSignedIn(true);
    writeEnd(null);
    set({
      user,
      token: tokens.access_token,
      refreshToken: tokens.refresh_token,
      isAuthenticated: true,
    });
    return user;
  },

  /** Clears the session and the stored tokens (the user signed out). */
  clear() {
    removeStored();
    writeEnd(null);
    set(SIGNED_OUT);
  },

  /** Ends the session the user did not end themselves, keeping why for the sign-in page. */
  end(why: SessionEnd) {
    removeStored();
    writeEnd(why);
    set(SIGNED_OUT);
  },

  /** Why this tab's last session ended, until `forgetEnd`; null when the user signed out. */
  endedBecause: (): SessionEnd | null => readEnd(),

  /** The sign-in page has said why: a reload of it does not say it again. */
  forgetEnd() {
    writeEnd(null);
  },

  /**
   * Takes the role and business from the server's session read: the token says what they were
   * when it was issued (up to 15 minutes ago), the read says what they are now. Answers whether
   * the role or the business changed; an answer about another user changes nothing.
   */
  adoptAccess(access: ServerAccess): { roleChanged: boolean; businessChanged: boolean } {
    const user = current.user;
    const unchanged = { roleChanged: false, businessChanged: false };
    if (!user || String(access.userId) !== user.id) return unchanged;
    const changed = {
      roleChanged: user.role !== access.role,
      businessChanged: user.businessId !== access.businessId,
    };
    if (!changed.roleChanged && !changed.businessChanged) return unchanged;
    set({ ...current, user: { ...user, role: access.role, businessId: access.businessId } });
    return changed;
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
