import type { ApiAnswer, TokenPair } from '@kora/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { loginPath } from './next-path';
import { SESSION_EXPIRED_MESSAGE, sessionStore, type SessionEnd } from './session';

export { ApiError } from './api-error';

/**
 * authContracts.refresh.path, written out: this module loads with the first page, which does
 * not load the shared schemas.
 */
export const REFRESH_PATH = '/v1/auth/refresh';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads); sent as is. */
  form?: FormData;
  signal?: AbortSignal;
  /** false for calls whose 401 means "wrong credentials", not "session expired". */
  refreshOn401?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`); they cannot replace the ones set here. */
  headers?: Record<string, string>;
}

/** The code of a 401 for a person taken out of their business: no refresh can help. */
const ACCESS_REMOVED = 'ACCESS_REMOVED';
/** The code of a 403 for the role the user holds (not for a missing business). */
const ROLE_FORBIDDEN = 'ROLE_FORBIDDEN';

let onSessionExpired: (end: SessionEnd) => void = (end) =>
  window.location.assign(
    loginPath(end.reason === 'expired' ? window.location.pathname + window.location.search : null),
  );

/**
 * Where to go when the session ended (cannot be refreshed, or the user was removed from their
 * business): the app passes its router's navigate. The session is already cleared and the
 * reason kept for the sign-in page.
 */
export const setSessionExpiredHandler = (handler: (end: SessionEnd) => void) => {
  onSessionExpired = handler;
};

const roleRefusedListeners = new Set<() => void>();

/**
 * Listens for calls the server refused for the user's role: the role it holds may have changed
 * since the screens last read it. Answers the function that stops listening.
 */
export const onRoleRefused = (listener: () => void): (() => void) => {
  roleRefusedListeners.add(listener);
  return () => {
    roleRefusedListeners.delete(listener);
  };
};

const send = async (path: string, opts: RequestOptions, token: string | null) => {
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
};

const readBody = async (res: Response): Promise<unknown> => {
  if (res.status === 204) return null;
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const toError = (res: Response, body: unknown): ApiError => {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return new ApiError(
    res.status,
    typeof b.message === 'string' ? b.message : '',
    typeof b.code === 'string' ? b.code : `HTTP_${res.status}`,
    b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, string>) : undefined,
  );
};

/** The error of a call's answer; a refusal for the role tells the listeners first. */
const failed = (res: Response, body: unknown): ApiError => {
  const error = toError(res, body);
  if (error.status === 403 && error.code === ROLE_FORBIDDEN)
    for (const listener of roleRefusedListeners) listener();
  return error;
};

const endSession = (end: SessionEnd) => {
  sessionStore.end(end);
  onSessionExpired(end);
};

const expired: SessionEnd = { reason: 'expired', message: SESSION_EXPIRED_MESSAGE };

/** Why a 401 ended the session: removed from the business (the server's words), else expired. */
const endOf = (body: unknown): SessionEnd => {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return b.code === ACCESS_REMOVED && typeof b.message === 'string' && b.message
    ? { reason: 'removed', message: b.message }
    : expired;
};

// Another tab may rotate the refresh token at the same moment: the Web Locks API (where the
// browser has it) lets one tab refresh while the other adopts the result from storage.
const withRefreshLock = <T>(fn: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request('kora-token-refresh', fn) as Promise<T>)
    : fn();

const doRefresh = (staleToken: string | null): Promise<string | null> =>
  withRefreshLock(async () => {
    sessionStore.syncFromStorage();
    const session = sessionStore.get();
    if (session.token && session.token !== staleToken) return session.token; // already refreshed
    if (!session.refreshToken) {
      endSession(expired);
      return null;
    }
    const res = await send(
      REFRESH_PATH,
      { method: 'POST', body: { token: session.refreshToken } },
      null,
    );
    const body = await readBody(res);
    if (!res.ok) {
      // A 5xx is the server's trouble and a 429 a request to wait, neither the session's end:
      // keep the session and let the call fail with that answer.
      if (res.status >= 500 || res.status === 429) throw toError(res, body);
      endSession(endOf(body));
      return null;
    }
    const tokens = (body as ApiAnswer<TokenPair>).data;
    sessionStore.signIn(tokens);
    return tokens.access_token;
  });

let refreshing: Promise<string | null> | null = null;

/**
 * Refreshes the session once, however many calls ask at the same time: they all wait for the
 * same refresh. Resolves to the new access token, or null when the session ended.
 */
export const refreshSession = (staleToken: string | null = sessionStore.get().token) => {
  refreshing ??= doRefresh(staleToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/** Sends with the bearer header; on a 401, one shared refresh, then once more. */
const sendSignedIn = async (path: string, opts: RequestOptions): Promise<Response> => {
  if (refreshing) await refreshing.catch(() => null); // wait, then go with the new token
  const token = sessionStore.get().token;
  let res = await send(path, opts, token);
  if (res.status === 401 && token && opts.refreshOn401 !== false) {
    // Removed from the business: the session ends now, saying so; a refresh would not help.
    const end = endOf(await readBody(res.clone()));
    if (end.reason === 'removed') {
      endSession(end);
      return res;
    }
    const current = sessionStore.get().token;
    const fresh = current && current !== token ? current : await refreshSession(token);
    if (fresh) res = await send(path, opts, fresh);
  }
  return res;
};

/** One call: bearer header, one shared refresh on 401, replayed once with the new token. */
export const request = async <T>(
  path: string,
  opts: RequestOptions = {},
): Promise<ApiAnswer<T>> => {
  const res = await sendSignedIn(path, opts);
  const body = await readBody(res);
  if (!res.ok) throw failed(res, body);
  return body as ApiAnswer<T>;
};

/** A file the API answers (an export): its bytes and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** GETs a file with the same bearer header and refresh as `request`; an error answer throws. */
export const requestFile = async (
  path: string,
  opts: Omit<RequestOptions, 'method' | 'body' | 'form'> = {},
): Promise<DownloadedFile> => {
  const res = await sendSignedIn(path, { ...opts, method: 'GET' });
  if (!res.ok) throw failed(res, await readBody(res));
  const disposition = res.headers.get('content-disposition') ?? '';
  return {
    blob: await res.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
  };
};

export const http = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  put: <T>(path: string, body: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'DELETE' }),
  upload: <T>(path: string, form: FormData, opts?: Omit<RequestOptions, 'method' | 'form'>) =>
    request<T>(path, { ...opts, method: 'POST', form }),
};
