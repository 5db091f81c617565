import { isWebAppPath } from '@kora/shared';

/** The sign-in page's query parameter holding where to return after signing in. */
const NEXT_PARAM = 'next';

/** Pages of signed-out visitors: never a place to return to. */
const SIGN_IN_PAGES = new Set(['/login', '/signup', '/forgot-password', '/set-password']);
const BASE = 'https://kora.invalid';

/**
 * A place to return to after signing in: a back-office page of this app, with its query, or
 * null. Anything else (another site, `//host`, a backslash, control characters, the public
 * site, a sign-in page, an unknown path) is refused, so the link can never send anyone away.
 */
export const backOfficePath = (raw: unknown): string | null => {
  if (typeof raw !== 'string' || raw.length > 1000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !isWebAppPath(url.pathname)) return null;
  if (SIGN_IN_PAGES.has(url.pathname.replace(/(.)\/$/, '$1'))) return null;
  return url.pathname + url.search;
};

/**
 * The sign-in page, asked to return to `next` afterwards when it is a back-office page (the
 * dashboard, where signing in goes anyway, needs no asking).
 */
export const loginPath = (next?: string | null): string => {
  const safe = backOfficePath(next);
  return safe && safe !== '/dashboard'
    ? `/login?${NEXT_PARAM}=${encodeURIComponent(safe)}`
    : '/login';
};

/** Where to go after signing in, from the sign-in page's query: its `next`, else /dashboard. */
export const afterSignIn = (search: string): string =>
  backOfficePath(new URLSearchParams(search).get(NEXT_PARAM)) ?? '/dashboard';
