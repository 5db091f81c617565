import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/mock-fetch';
import { accessToken } from '@/test/tokens';
import { ApiError, http, onRoleRefused, setSessionExpiredHandler } from './http';
import { REFRESH_TOKEN_KEY, TOKEN_KEY, sessionStore } from './session';

const OLD = accessToken({ sub: '1', iat: 1 });
const NEW = accessToken({ sub: '1', iat: 2 });

const bearer = (init?: RequestInit) =>
  (init?.headers as Record<string, string> | undefined)?.Authorization ?? null;

describe('http client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let expired: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    sessionStore.signIn({ access_token: OLD, refresh_token: 'refresh-1' });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expired = vi.fn();
    setSessionExpiredHandler(expired as () => void);
  });

  /** The refresh call answers `refresh`; every other call `call` (an expired token). */
  const whenRefresh = (
    refresh: () => Response,
    call = () => json(401, { message: 'expired', code: 'TOKEN_INVALID' }),
  ) =>
    fetchMock.mockImplementation(async (url: string) =>
      url === '/v1/auth/refresh' ? refresh() : call(),
    );

  it('sends the stored token as a bearer header and answers { message, data }', async () => {
    fetchMock.mockResolvedValue(json(200, { message: 'ok', data: { id: 1 } }));
    const answer = await http.get<{ id: number }>('/v1/auth/me');
    expect(answer).toEqual({ message: 'ok', data: { id: 1 } });
    expect(bearer(fetchMock.mock.calls[0]![1])).toBe(`Bearer ${OLD}`);
  });

  it('turns an error answer into an ApiError with status, message, code and errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, { message: 'Bad input', code: 'VALIDATION_ERROR', errors: { email: 'Invalid' } }),
    );
    const error = await http.post('/v1/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Bad input',
      code: 'VALIDATION_ERROR',
      errors: { email: 'Invalid' },
    });
  });

  it('three calls answering 401 together cause one refresh and three replays with the new token', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/v1/auth/refresh') {
        expect(JSON.parse(String(init?.body))).toEqual({ token: 'refresh-1' });
        return json(200, {
          message: 'ok',
          data: { access_token: NEW, refresh_token: 'refresh-2' },
        });
      }
      if (bearer(init) === `Bearer ${OLD}`) {
        await gate; // all three are in flight before any 401 comes back
        return json(401, { message: 'expired', code: 'TOKEN_INVALID' });
      }
      return json(200, { message: 'ok', data: url });
    });

    const calls = Promise.all([http.get('/v1/a'), http.get('/v1/b'), http.get('/v1/c')]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    release();
    const answers = await calls;

    expect(answers.map((a) => a.data)).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    const urls = fetchMock.mock.calls.map(([url]) => url as string);
    expect(urls.filter((u) => u === '/v1/auth/refresh')).toHaveLength(1);
    const replays = fetchMock.mock.calls.filter(([, init]) => bearer(init) === `Bearer ${NEW}`);
    expect(replays.map(([url]) => url).sort()).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(NEW);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('a call made while a refresh runs waits for it and goes with the new token', async () => {
    let finishRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (finishRefresh = resolve));
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/v1/auth/refresh') {
        await refreshGate;
        return json(200, {
          message: 'ok',
          data: { access_token: NEW, refresh_token: 'refresh-2' },
        });
      }
      if (bearer(init) === `Bearer ${OLD}`) return json(401, { message: 'expired', code: 'X' });
      return json(200, { message: 'ok', data: url });
    });
    const first = http.get('/v1/first');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u === '/v1/auth/refresh')).toBe(true),
    );
    const late = http.get('/v1/late');
    finishRefresh();
    await Promise.all([first, late]);
    const lateCalls = fetchMock.mock.calls.filter(([u]) => u === '/v1/late');
    expect(lateCalls).toHaveLength(1);
    expect(bearer(lateCalls[0]![1])).toBe(`Bearer ${NEW}`);
  });

  it('replays a call at most once', async () => {
    whenRefresh(
      () => json(200, { message: 'ok', data: { access_token: NEW, refresh_token: 'refresh-2' } }),
      () => json(401, { message: 'Nope', code: 'TOKEN_INVALID' }),
    );
    await expect(http.get('/v1/a')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.filter(([u]) => u === '/v1/a')).toHaveLength(2);
  });

  it('a failed refresh clears the stored tokens and goes to /login', async () => {
    whenRefresh(() =>
      json(401, {
        message: 'Your session has expired. Please sign in again.',
        code: 'INVALID_REFRESH',
      }),
    );
    await expect(Promise.all([http.get('/v1/a'), http.get('/v1/b')])).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock.mock.calls.filter(([u]) => u === '/v1/auth/refresh')).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(sessionStore.get().isAuthenticated).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    // The sign-in page is told why.
    const why = { reason: 'expired', message: 'Your session has expired. Please sign in again.' };
    expect(expired).toHaveBeenCalledWith(why);
    expect(sessionStore.endedBecause()).toEqual(why);
  });

  it('a person removed from the business is signed out at once, told so, with no refresh', async () => {
    const removed = { message: 'You no longer have access to Iron Gym.', code: 'ACCESS_REMOVED' };
    whenRefresh(
      () => json(200, { message: 'ok', data: { access_token: NEW, refresh_token: 'refresh-2' } }),
      () => json(401, removed),
    );
    await expect(http.post('/v1/member', {})).rejects.toMatchObject({
      status: 401,
      ...removed,
    });
    expect(fetchMock.mock.calls.filter(([u]) => u === '/v1/auth/refresh')).toHaveLength(0);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    const why = { reason: 'removed', message: 'You no longer have access to Iron Gym.' };
    expect(expired).toHaveBeenCalledWith(why);
    expect(sessionStore.endedBecause()).toEqual(why);
  });

  it('a refresh refused because the person was removed says so too', async () => {
    whenRefresh(() =>
      json(401, { message: 'You no longer have access to Iron Gym.', code: 'ACCESS_REMOVED' }),
    );
    await expect(http.get('/v1/a')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get().isAuthenticated).toBe(false);
    expect(sessionStore.endedBecause()).toEqual({
      reason: 'removed',
      message: 'You no longer have access to Iron Gym.',
    });
  });

  it('tells its listeners of a 403 for the role, not of a 403 for a missing business', async () => {
    const listener = vi.fn();
    const stop = onRoleRefused(listener);
    fetchMock.mockResolvedValueOnce(
      json(403, { message: 'Complete your business setup first.', code: 'NO_BUSINESS' }),
    );
    await expect(http.get('/v1/member')).rejects.toMatchObject({ code: 'NO_BUSINESS' });
    expect(listener).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      json(403, {
        message: 'Only the business owner or an admin can do this.',
        code: 'ROLE_FORBIDDEN',
      }),
    );
    await expect(http.post('/v1/subscription-type', {})).rejects.toMatchObject({
      status: 403,
      code: 'ROLE_FORBIDDEN',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a rate-limited refresh keeps the session and fails the call with the 429', async () => {
    whenRefresh(() =>
      json(429, {
        message: 'Too many requests. Please wait a minute and try again.',
        code: 'RATE_LIMITED',
      }),
    );
    await expect(http.get('/v1/a')).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests. Please wait a minute and try again.',
    });
    expect(sessionStore.get().isAuthenticated).toBe(true);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh on the 401 of a call that opts out (wrong credentials at login)', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid email or password.', code: 'X' }));
    await expect(
      http.post('/v1/auth/login', { email: 'a@b.ng', password: 'x' }, { refreshOn401: false }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().isAuthenticated).toBe(true);
  });

  it('reports a call that never reached the server as a network error (status 0)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/v1/a')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
