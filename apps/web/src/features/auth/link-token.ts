import type { LinkTokenPayload } from '@kora/shared';
import { ApiError } from '@/lib/api-error';
import { decodeJwt } from '@/lib/jwt';

export const LINK_MESSAGES = {
  invalid: 'Invalid token',
  expired: 'This link has expired. Please request a new invitation or password reset.',
} as const;

export type LinkCheck =
  | { status: 'invalid'; message: string }
  | { status: 'expired'; message: string }
  | { status: 'valid'; payload: LinkTokenPayload; mode: 'reset' | 'setup' };

/**
 * Reads a reset or invitation link's token without verifying it (the server does that on
 * submit): missing, undecodable or lacking email or type → invalid; past its exp → expired.
 */
export const checkLinkToken = (token: string | null, now = Date.now()): LinkCheck => {
  const payload = decodeJwt<Partial<LinkTokenPayload>>(token);
  if (!payload || typeof payload.email !== 'string' || !payload.email || !payload.type) {
    return { status: 'invalid', message: LINK_MESSAGES.invalid };
  }
  if (typeof payload.exp === 'number' && payload.exp * 1000 <= now) {
    return { status: 'expired', message: LINK_MESSAGES.expired };
  }
  return {
    status: 'valid',
    payload: payload as LinkTokenPayload,
    mode: payload.type === 'reset' ? 'reset' : 'setup',
  };
};

/** What the server answers for a link that cannot be used (forged, expired, used, revoked). */
const LINK_ERROR_CODES: readonly string[] = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'TOKEN_USED'];

/**
 * Why the link check refused the link (any 400: the server's message), or null when it did not
 * (a network failure or a server error: the form shows, and its submit will tell).
 */
export const refusedLinkMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 400 ? error.message || LINK_MESSAGES.invalid : null;

/** Why a submit failed because of the link itself (its codes), or null for any other failure. */
export const deadLinkMessage = (error: unknown): string | null =>
  error instanceof ApiError && LINK_ERROR_CODES.includes(error.code)
    ? error.message || LINK_MESSAGES.invalid
    : null;
