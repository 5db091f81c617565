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
import { checkRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { sha256 } from '../../lib/tokens';
import * as repo from './portal.repository';

/*
 * Sign-in codes: 6 digits, good for 10 minutes and 5 tries, only their keyed hash stored. A
 * request for an address that is no member's answers exactly like one for a member and does the
 * same database work (rolled back), so neither the answer nor its time tells who is a member.
 */

/**
 * Codes asked per address (whoever asks, for whichever gym: the person at that number is not
 * flooded) and per IP address, in an hour; 429 past either.
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
  const base = { businessId: gym.id, memberId, text, ref: `portal-code:${gym.id}` };
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

export const limitCodes = (ctx: AppContext, ip: string, to: Address) =>
  checkRateLimit(
    ctx.db,
    PORTAL_CODE_RATE_LIMIT,
    ip,
    `${'phone' in to ? 'phone' : 'email'}:${addressText(to)}`,
  );

const codeWrong = () =>
  new AppError(422, 'CODE_WRONG', PORTAL_MESSAGES.codeWrong, {
    code: PORTAL_MESSAGES.codeWrong,
  });
export const codeExpired = () =>
  new AppError(422, 'CODE_EXPIRED', PORTAL_MESSAGES.codeExpired, {
    code: PORTAL_MESSAGES.codeExpired,
  });

/**
 * Checks a code against the latest one sent to the address for `purpose` (of `memberId` when
 * given); answers the code's row, still to be used up (`useUp`, in the transaction of what it
 * allows). An address nobody has hears "not right", like a wrong code; a code past its 10
 * minutes, used, or tried 5 times wrongly already, "expired" (even when right). A wrong try is
 * counted at once.
 */
export const checkCode = async (
  ctx: AppContext,
  businessId: number,
  to: Address,
  code: string,
  purpose: 'sign_in' | 'phone_change',
  memberId?: number,
): Promise<repo.CodeRow & { memberId: number }> => {
  const identifierHash = addressHash(to);
  const row = await repo.latestCode(ctx.db, businessId, identifierHash, purpose, memberId);
  const given = codeHash(ctx.config.jwtSecret, businessId, identifierHash, code);
  if (!row || row.memberId === null) {
    // The same comparison as for a member's code.
    sameHash(given, given);
    throw codeWrong();
  }
  if (row.usedAt || row.expiresAt.getTime() <= Date.now() || row.attempts >= SIGN_IN_CODE_TRIES)
    throw codeExpired();
  if (!sameHash(given, row.codeHash)) {
    await repo.countWrongTry(ctx.db, row.id);
    throw codeWrong();
  }
  return row as repo.CodeRow & { memberId: number };
};

/**
 * Uses a checked code up in `tx`: once only, and only while it has tries left (two requests
 * with the same code at once: one signs in, the other hears "expired").
 */
export const useUp = async (tx: Executor, row: { id: number }) => {
  if (!(await repo.useUpCode(tx, row.id, SIGN_IN_CODE_TRIES))) throw codeExpired();
};

export const sessionExpiry = () => new Date(Date.now() + MEMBER_SESSION_DAYS * 86_400_000);
