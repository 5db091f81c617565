import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  MEMBER_SESSION_DAYS,
  PORTAL_MESSAGES,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_CODE_TRIES,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { absoluteLogoUrl, memberTextEmail } from '../../lib/mail-templates';
import { enqueueMessages, type OutgoingMessage } from '../../lib/outbox';
import { toNigerianE164 } from '../../lib/phone';
import { checkRateLimit, forgiveAttempt, type RateLimitRule } from '../../lib/rate-limit';
import { sha256 } from '../../lib/tokens';
import * as repo from './portal.repository';

/*
 * Sign-in codes: 6 digits, good for 10 minutes and 5 tries, only their keyed hash stored. A
 * request for an address that is no member's answers exactly like one for a member and does the
 * same database work (rolled back); a code checked answers one refusal for every failure, after
 * the same work. Neither the answer nor its time tells who is a member.
 */

/**
 * Codes asked per address at one gym (one gym's page cannot lock a person out of another's) and
 * per IP address, in an hour; 429 past either.
 */
export const PORTAL_CODE_RATE_LIMIT: RateLimitRule = {
  action: 'portal-code',
  perIp: 20,
  perEmail: 5,
  windowMinutes: 60,
};

/** The gym a code is for, as the message names it. */
export interface CodeGym {
  id: number;
  name: string;
  logo_url: string | null;
}

/** A phone (E.164) or an e-mail (lower case): where a code goes, and what its hash is of. */
export type Address = { phone: string } | { email: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the member typed, read as a Nigerian phone in any form or an e-mail; 400 otherwise. */
export const addressOf = (identifier: string): Address => {
  const text = identifier.trim();
  if (text.includes('@')) {
    if (EMAIL.test(text) && text.length <= 254) return { email: text.toLowerCase() };
  } else {
    const phone = toNigerianE164(text);
    if (phone) return { phone };
  }
  throw badRequest(PORTAL_MESSAGES.identifier, 'VALIDATION_ERROR', {
    identifier: PORTAL_MESSAGES.identifier,
  });
};

const addressText = (a: Address) => ('phone' in a ? a.phone : a.email);
const addressHash = (a: Address) => sha256(addressText(a));

/** A new 6-digit code, zero-padded. */
const newCode = () => String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(6, '0');

/** The stored hash of a code: keyed with the app's secret, bound to its gym and address. */
const codeHash = (secret: string, businessId: number, identifierHash: string, code: string) =>
  createHmac('sha256', secret)
    .update(`portal:${businessId}:${identifierHash}:${code}`)
    .digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The message carrying a code: by WhatsApp to a phone (as renewal reminders go; Kora's Termii
 * set-up sends it, by SMS where WhatsApp is not set up), by e-mail to an e-mail address.
 */
const codeMessage = (
  ctx: AppContext,
  gym: CodeGym,
  to: Address,
  memberId: number | null,
  text: string,
): OutgoingMessage => {
  // The code's text is replaced once delivered and never exported (lib/outbox.ts).
  const base = { businessId: gym.id, memberId, text, ref: `portal-code:${gym.id}`, secret: true };
  if ('phone' in to) return { ...base, channel: 'whatsapp', to: to.phone };
  const subject = `Your ${gym.name} code`;
  return {
    ...base,
    channel: 'email',
    to: to.email,
    subject,
    fromName: gym.name,
    html: memberTextEmail({
      gym: { name: gym.name, logoUrl: absoluteLogoUrl(gym.logo_url, ctx.config.appUrl) },
      subject,
      text,
    }),
  };
};

/** Rolls a transaction back after doing its work: the answer for an address of nobody. */
class NothingKept extends Error {}

/**
 * Sends a code (after counting it against the limits): a row of member_sign_in_codes and its
 * message in one transaction. `memberId` undefined: nobody has that address; the same statements
 * run and are rolled back, and nothing is kept or sent.
 */
export const sendCode = async (
  ctx: AppContext,
  gym: CodeGym,
  to: Address,
  memberId: number | undefined,
  opts: { purpose: 'sign_in' | 'phone_change'; text: (code: string) => string },
): Promise<void> => {
  const code = newCode();
  const identifierHash = addressHash(to);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertCode(tx, {
        businessId: gym.id,
        memberId: memberId ?? null,
        identifierHash,
        codeHash: codeHash(ctx.config.jwtSecret, gym.id, identifierHash, code),
        purpose: opts.purpose,
        newPhone: opts.purpose === 'phone_change' && 'phone' in to ? to.phone : null,
        expiresAt: new Date(Date.now() + SIGN_IN_CODE_MINUTES * 60_000),
      });
      await enqueueMessages(tx, [codeMessage(ctx, gym, to, memberId ?? null, opts.text(code))]);
      if (memberId === undefined) throw new NothingKept();
    });
  } catch (err) {
    if (!(err instanceof NothingKept)) throw err;
  }
};

/** A rate-limit key of an address at one gym (its hash: no address is kept in the counters). */
const limitKey = (businessId: number, to: Address) => `${businessId}:${addressHash(to)}`;

/** Counts a code asked for the address at this gym and from the IP; 429 past either limit. */
export const limitCodes = (ctx: AppContext, businessId: number, ip: string, to: Address) =>
  checkRateLimit(ctx.db, PORTAL_CODE_RATE_LIMIT, ip, limitKey(businessId, to));

/**
 * Codes checked per address at a gym and per IP address, in an hour; 429 past either. Five
 * tries of each of the five codes an hour fit; a right code is not held against either count.
 */
export const PORTAL_CHECK_RATE_LIMIT: RateLimitRule = {
  action: 'portal-check',
  perIp: 60,
  perEmail: 25,
  windowMinutes: 60,
};

/** The one answer to a code refused: wrong, used, expired, tried out, or of nobody. */
export const codeRefused = () =>
  new AppError(422, 'CODE_REFUSED', PORTAL_MESSAGES.codeRefused, {
    code: PORTAL_MESSAGES.codeRefused,
  });

/** What a code of nobody is compared with: a hash no code has. */
const NO_CODE = '0'.repeat(64);

/**
 * Checks a code against the latest one sent to the address for `purpose` (of `memberId` when
 * given), counted against the limits first; answers the code's row, still to be used up
 * (`useUp`, in the transaction of what it allows). Whatever is wrong (the code, its time, its
 * use, its tries, or nobody at that address) answers the same, after the same work: the limits,
 * one statement that counts the try against the code's row or none, and one comparison.
 */
export const checkCode = async (
  ctx: AppContext,
  businessId: number,
  to: Address,
  code: string,
  purpose: 'sign_in' | 'phone_change',
  ip: string,
  memberId?: number,
): Promise<{ id: number; memberId: number }> => {
  const key = limitKey(businessId, to);
  await checkRateLimit(ctx.db, PORTAL_CHECK_RATE_LIMIT, ip, key);
  const identifierHash = addressHash(to);
  const row = await repo.tryLatestCode(ctx.db, {
    businessId,
    identifierHash,
    purpose,
    memberId,
    maxTries: SIGN_IN_CODE_TRIES,
    now: new Date(),
  });
  const given = codeHash(ctx.config.jwtSecret, businessId, identifierHash, code);
  const right = sameHash(given, row?.codeHash ?? NO_CODE);
  if (!row || !right) throw codeRefused();
  await forgiveAttempt(ctx.db, PORTAL_CHECK_RATE_LIMIT, ip, key);
  return { id: row.id, memberId: row.memberId };
};

/**
 * Uses a checked code up in `tx`: once only (two requests with the same right code at once: one
 * signs in, the other is refused).
 */
export const useUp = async (tx: Executor, row: { id: number }) => {
  if (!(await repo.useUpCode(tx, row.id))) throw codeRefused();
};

export const sessionExpiry = () => new Date(Date.now() + MEMBER_SESSION_DAYS * 86_400_000);
