import type { Contract } from '@kora/shared';
import { kioskContracts } from '@/lib/api-routes';
import type { Route } from '@/lib/api-route';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-error';

/** Where this device keeps its kiosk token (a device is a kiosk until it exits or is revoked). */
export const KIOSK_TOKEN_KEY = 'kora.kiosk-token';

export const kioskToken = {
  get: (): string | null => {
    try {
      return window.localStorage.getItem(KIOSK_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string) => {
    try {
      window.localStorage.setItem(KIOSK_TOKEN_KEY, token);
    } catch {
      /* private mode: the kiosk then cannot start */
    }
  },
  clear: () => {
    try {
      window.localStorage.removeItem(KIOSK_TOKEN_KEY);
    } catch {
      /* nothing kept */
    }
  },
};

/**
 * One kiosk call: `Authorization: Kiosk <token>`, never the back office's bearer token nor its
 * refresh (a kiosk has no session). An error answer throws an ApiError with the server's words.
 */
const kioskCall = async <C extends Contract>(
  route: Route<C>,
  token: string,
  body?: unknown,
): Promise<z.infer<C['answer']>> => {
  let res: Response;
  try {
    res = await fetch(route.path, {
      method: route.method,
      headers: {
        Accept: 'application/json',
        Authorization: `Kiosk ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError(
      res.status,
      typeof answer.message === 'string' ? answer.message : '',
      typeof answer.code === 'string' ? answer.code : `HTTP_${res.status}`,
      answer.errors as Record<string, string> | undefined,
    );
  return answer as z.infer<C['answer']>;
};

export const kioskApi = {
  info: (token: string) => kioskCall(kioskContracts.info, token),
  checkIn: (token: string, code: string, pin?: string) =>
    kioskCall(kioskContracts.checkIn, token, pin === undefined ? { code } : { code, pin }),
  exit: (token: string, password: string) => kioskCall(kioskContracts.exit, token, { password }),
};

/** The kiosk was revoked (or its token is unknown): it can do nothing more. */
export const isKioskOff = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;
