import {
  createHash,
  createSecretKey,
  randomBytes,
  randomInt,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { AccessClaims, LinkTokenPayload, Role } from '@kora/shared';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_REMEMBER_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_SESSION_MS = 12 * 3600 * 1000;
const RESET_LINK_SECONDS = 3600;
const INVITE_LINK_SECONDS = 7 * 24 * 3600;
const ISSUER = 'kora';

// A KeyObject made once per secret: jose then signs and verifies with node:crypto's HMAC
// directly, instead of importing a WebCrypto key on every request.
const keys = new Map<string, KeyObject>();
const key = (secret: string): KeyObject => {
  let k = keys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, k);
  }
  return k;
};

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface AccessSubject {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string | null;
  businessId: number | null;
  /** The user's session version: a token issued under a lower one is refused. */
  tokenVersion?: number;
  /** This session is the person's first (the web says "Welcome", not "Welcome back"). */
  firstSession?: boolean;
}

export const signAccessToken = (secret: string, user: AccessSubject): Promise<string> =>
  new SignJWT({
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: (user.role as Role | null) ?? null,
    business_id: user.businessId,
    tv: user.tokenVersion ?? 0,
    ...(user.firstSession ? { first_session: true } : {}),
    typ: 'access',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key(secret));

/** How many verified access tokens are remembered per secret (the oldest go first). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Access tokens already verified, with their claims, until they expire: a token's signature is
 * checked once, not on every request (a member list page is one call among many of the same
 * token). Only tokens that passed the check are kept, under the exact token text, so a forged
 * or altered one is always checked; an expired one is dropped when next seen. Sessions ended
 * early are refused by the token version the tenancy reads from the database on every request.
 */
const verified = new Map<string, Map<string, AccessClaims>>();
const verifiedFor = (secret: string) => {
  let tokens = verified.get(secret);
  if (!tokens) {
    tokens = new Map();
    verified.set(secret, tokens);
  }
  return tokens;
};

/** Verifies an access token; null when it is missing, forged, expired or of another kind. */
export const verifyAccessToken = async (
  secret: string,
  token: string,
): Promise<AccessClaims | null> => {
  const tokens = verifiedFor(secret);
  const known = tokens.get(token);
  if (known) {
    if (known.exp * 1000 > Date.now()) return known;
    tokens.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
    });
    if (payload.typ !== 'access' || !payload.sub || typeof payload.exp !== 'number') return null;
    const claims = Object.freeze(payload) as unknown as AccessClaims;
    if (tokens.size >= VERIFIED_TOKENS_MAX) tokens.delete(tokens.keys().next().value!);
    tokens.set(token, claims);
    return claims;
  } catch {
    return null;
  }
};

/** An opaque refresh token and the hash that is stored. */
export const newRefreshToken = (): { token: string; hash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
};

export const newFamilyId = (): string => randomUUID();

/** A 7-digit code, zero-padded. */
export const newVerificationCode = (): string => String(randomInt(0, 10_000_000)).padStart(7, '0');

export const hashCode = (secret: string, userId: number, code: string): string =>
  sha256(`${secret}:${userId}:${code}`);

export interface LinkToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** Reset (1 hour) and invitation (7 days) links: a signed JWT the client can decode. */
export const signLinkToken = async (
  secret: string,
  payload: Omit<LinkTokenPayload, 'exp'>,
): Promise<LinkToken> => {
  const seconds = payload.type === 'reset' ? RESET_LINK_SECONDS : INVITE_LINK_SECONDS;
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + seconds * 1000);
  const token = await new SignJWT({ ...payload, typ: 'link' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, jti, expiresAt };
};

export type LinkVerification =
  | { ok: true; payload: LinkTokenPayload & { jti: string } }
  | { ok: false; reason: 'invalid' | 'expired' };

export const verifyLinkToken = async (secret: string, token: string): Promise<LinkVerification> => {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
    });
    if (payload.typ !== 'link' || !payload.jti || typeof payload.email !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, payload: payload as unknown as LinkTokenPayload & { jti: string } };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
};

/** What a member token says: the member, their business and their session. */
export interface MemberClaims {
  memberId: number;
  businessId: number;
  sessionId: string;
  /** Seconds since the epoch. */
  exp: number;
}

const MEMBER_AUDIENCE = 'kora-member';

/**
 * A member's token for their gym's member page (30 days): `typ: 'member'`, audience
 * `kora-member`, so no staff check ever takes it (they require `typ: 'access'`), and it names
 * the session row every member call reads (signing out ends it at once).
 */
export const signMemberToken = (
  secret: string,
  claims: { memberId: number; businessId: number; sessionId: string; expiresAt: Date },
): Promise<string> =>
  new SignJWT({ typ: 'member', bid: claims.businessId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.memberId))
    .setIssuer(ISSUER)
    .setAudience(MEMBER_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(key(secret));

/** Verifies a member token; null when it is missing, forged, expired or of another kind. */
export const verifyMemberToken = async (
  secret: string,
  token: string,
): Promise<MemberClaims | null> => {
  if (!token || token.length > 1000) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: MEMBER_AUDIENCE,
      algorithms: ['HS256'],
    });
    const memberId = Number(payload.sub);
    const { bid, sid } = payload as { bid?: unknown; sid?: unknown };
    if (
      payload.typ !== 'member' ||
      !Number.isSafeInteger(memberId) ||
      typeof bid !== 'number' ||
      !Number.isSafeInteger(bid) ||
      typeof sid !== 'string' ||
      !/^[0-9a-f-]{36}$/.test(sid) ||
      typeof payload.exp !== 'number'
    )
      return null;
    return { memberId, businessId: bid, sessionId: sid, exp: payload.exp };
  } catch {
    return null;
  }
};
