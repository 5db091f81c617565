import { describe, expect, it, vi } from 'vitest';
import { accessToken } from '@/test/tokens';
import {
  REFRESH_TOKEN_KEY,
  TOKEN_KEY,
  sessionStore,
  startSessionSync,
  userFromToken,
  type SessionEnd,
} from './session';

describe('session store', () => {
  it('signs in: decodes the user from the access token and stores both tokens', () => {
    const token = accessToken({ business_id: null, role: null });
    const user = sessionStore.signIn({ access_token: token, refresh_token: 'r1' });
    expect(user).toMatchObject({
      id: '1',
      email: 'ada@irongym.ng',
      firstName: 'Ada',
      businessId: null,
    });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(sessionStore.get()).toMatchObject({ isAuthenticated: true, refreshToken: 'r1' });
  });

  it('clear removes the tokens and signs out', () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    sessionStore.clear();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it('tells the server someone is signed in on this browser (a cookie without a secret), until sign-out', () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    expect(document.cookie).toContain('kora_signed_in=1');
    expect(document.cookie).not.toContain('r1');
    sessionStore.clear();
    expect(document.cookie).not.toContain('kora_signed_in=1');
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r2' });
    sessionStore.end({ reason: 'expired', message: 'Your session has expired.' });
    expect(document.cookie).not.toContain('kora_signed_in=1');
  });

  it('takes the role and business from the session read, only for the signed-in user', () => {
    sessionStore.signIn({ access_token: accessToken({ role: 'staff' }), refresh_token: 'r1' });
    expect(sessionStore.adoptAccess({ userId: 2, role: 'admin', businessId: 7 })).toEqual({
      roleChanged: false,
      businessChanged: false,
    });
    expect(sessionStore.get().user?.role).toBe('staff');
    expect(sessionStore.adoptAccess({ userId: 1, role: 'admin', businessId: 7 })).toEqual({
      roleChanged: true,
      businessChanged: false,
    });
    expect(sessionStore.get().user).toMatchObject({ role: 'admin', businessId: 7 });
    // The same answer again changes nothing.
    const before = sessionStore.get();
    sessionStore.adoptAccess({ userId: 1, role: 'admin', businessId: 7 });
    expect(sessionStore.get()).toBe(before);
  });

  it('keeps why a session ended until the user signs in again or the sign-in page said it', () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    const why: SessionEnd = {
      reason: 'expired',
      message: 'Your session has expired. Please sign in again.',
    };
    sessionStore.end(why);
    expect(sessionStore.get().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.endedBecause()).toEqual(why);
    sessionStore.forgetEnd();
    expect(sessionStore.endedBecause()).toBeNull();
    sessionStore.end(why);
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    expect(sessionStore.endedBecause()).toBeNull();
  });

  it('adopts a token changed in storage by another tab', () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    const other = accessToken({ sub: '2', email: 'tunde@irongym.ng' });
    window.localStorage.setItem(TOKEN_KEY, other);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, 'r2');
    sessionStore.syncFromStorage();
    expect(sessionStore.get()).toMatchObject({ token: other, refreshToken: 'r2' });
    expect(sessionStore.get().user?.email).toBe('tunde@irongym.ng');
  });

  it('signs out when the stored tokens disappear', () => {
    sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' });
    window.localStorage.clear();
    sessionStore.syncFromStorage();
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it('removes stored tokens that cannot be decoded', () => {
    window.localStorage.setItem(TOKEN_KEY, 'not-a-jwt');
    window.localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    sessionStore.syncFromStorage();
    expect(sessionStore.get().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('re-reads storage every second and on storage events', () => {
    vi.useFakeTimers();
    const stop = startSessionSync();
    window.localStorage.setItem(TOKEN_KEY, accessToken());
    window.localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    expect(sessionStore.get().isAuthenticated).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(sessionStore.get().isAuthenticated).toBe(true);

    window.localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    expect(sessionStore.get().isAuthenticated).toBe(false);
    stop();
  });

  it('reads no user from a token without sub or email', () => {
    expect(userFromToken(accessToken({ sub: undefined }))).toBeNull();
    expect(userFromToken('a.b.c')).toBeNull();
    expect(userFromToken(null)).toBeNull();
  });
});
