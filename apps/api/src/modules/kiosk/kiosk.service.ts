import { randomBytes } from 'node:crypto';
import {
  CHECK_IN_MESSAGES,
  DEFAULT_KIOSK_NAME,
  KIOSK_ENTRY_MESSAGES,
  KIOSK_SEE_DESK,
  kioskText,
  type Kiosk,
  type KioskCheckInResult,
  type TokenPair,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import {
  checkAccountLimits,
  checkRateLimit,
  forgiveAccounts,
  forgiveAttempt,
  forgiveOne,
  type RateLimitRule,
} from '../../lib/rate-limit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { sha256 } from '../../lib/tokens';
import { TokenBuckets } from '../../lib/token-bucket';
import type { KioskSession } from '../../plugins/kiosk-auth';
import type { Executor } from '../../db/client';
import { KIOSK_ACTOR, recordAudit, type Actor } from '../audit';
import { sessionForPassword } from '../auth';
import { checkIn, classify, findMembers, type Viewer } from '../check-in';
import * as repo from './kiosk.repository';

export const KIOSK_MESSAGES = {
  listed: 'Kiosks loaded.',
  created: 'Kiosk created. Copy its token now: it is shown only once.',
  opened: 'Kiosk opened.',
  revoked: 'Kiosk switched off. It stops working at its next scan.',
  loaded: 'Kiosk loaded.',
  exited: 'Signed in successfully.',
  notFound: 'Kiosk not found.',
  /** A name typed at the kiosk: it only takes what finds one person. */
  nameRefused: 'Scan your card or type your phone number',
  tooFast: 'Too many scans at once. Please wait a moment and try again.',
} as const;

/** A kiosk's token: 256 random bits, base64url (43 characters); only its SHA-256 is kept. */
const newKioskToken = () => randomBytes(32).toString('base64url');

/** A team user of a business acting. */
export interface Who {
  businessId: number;
  userId: number;
}

const toKiosk = (row: repo.KioskListRow): Kiosk => ({
  id: row.id,
  name: row.name,
  created_by: row.creatorFirst ? `${row.creatorFirst} ${row.creatorLast ?? ''}`.trim() : null,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export const listKiosks = async (ctx: AppContext, businessId: number): Promise<Kiosk[]> =>
  (await repo.listKiosks(ctx.db, businessId)).map(toKiosk);

/**
 * Creates a kiosk and answers its token, once. The same Idempotency-Key again answers the same
 * kiosk with a new token (only the hash of the first was kept, so it cannot be answered again;
 * that first token stops working): a retry after a lost answer still ends with one kiosk whose
 * token the device holds.
 */
export const createKiosk = async (
  ctx: AppContext,
  who: Who,
  name: string,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ kiosk: Kiosk; token: string; replayed: boolean }> => {
  const token = newKioskToken();
  const tokenHash = sha256(token);
  const { id, replayed } = await createOnce(
    ctx.db,
    { businessId: who.businessId, scope: 'kiosk', key: idempotencyKey, body: { name } },
    async (tx) => {
      const id = await repo.insertKiosk(tx, {
        businessId: who.businessId,
        name,
        tokenHash,
        createdByUserId: who.userId,
      });
      await recordAudit(tx, actor, {
        businessId: who.businessId,
        action: 'kiosk.create',
        recordKind: 'kiosk',
        recordId: id,
        recordLabel: name,
      });
      return id;
    },
  );
  if (replayed) await repo.replaceTokenHash(ctx.db, who.businessId, id, tokenHash);
  const [row] = await repo.listKiosks(ctx.db, who.businessId, id);
  return { kiosk: toKiosk(row!), token, replayed };
};

/** The kiosk the check-in page opens: named as the person opening it chose, "Front desk kiosk" by default. */
export const openKiosk = (
  ctx: AppContext,
  who: Who,
  name: string | undefined,
  idempotencyKey: string | undefined,
  actor: Actor,
) => createKiosk(ctx, who, name ?? DEFAULT_KIOSK_NAME, idempotencyKey, actor);

/**
 * Switches a kiosk off with its audit entry, in the caller's transaction; a kiosk already off
 * is left as it is and writes nothing. False: no such kiosk in this business.
 */
const switchOff = async (
  tx: Executor,
  businessId: number,
  id: number,
  actor: Actor,
  detail: Record<string, unknown> = {},
): Promise<boolean> => {
  const kiosk = await repo.lockKiosk(tx, businessId, id);
  if (!kiosk) return false;
  if (kiosk.revokedAt) return true;
  await repo.revokeKiosk(tx, businessId, id);
  await recordAudit(tx, actor, {
    businessId,
    action: 'kiosk.revoke',
    recordKind: 'kiosk',
    recordId: id,
    recordLabel: kiosk.name,
    detail,
  });
  return true;
};

/** Switches a kiosk of this business off; 404 for another business's or an unknown one. */
export const revokeKiosk = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  actor: Actor,
) => {
  if (!(await ctx.db.transaction((tx) => switchOff(tx, businessId, id, actor))))
    throw notFound(KIOSK_MESSAGES.notFound, 'KIOSK_NOT_FOUND');
};

/**
 * Calls per kiosk token: 20 at once, then one every 1.5 seconds (40 a minute). A queue checking
 * in every 3 seconds is never refused; a scanner stuck in a loop is cut before the database is
 * asked anything (even for its token). Counted in this instance's memory, as the general API
 * limit is.
 */
const scans = new WeakMap<AppContext, TokenBuckets>();
const scansOf = (ctx: AppContext) => {
  let buckets = scans.get(ctx);
  if (!buckets) scans.set(ctx, (buckets = new TokenBuckets(20, 1500)));
  return buckets;
};

const tooFast = (waitMs: number) => {
  const error = new AppError(429, 'RATE_LIMITED', KIOSK_MESSAGES.tooFast);
  error.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return error;
};

/**
 * The kiosk of a token, for the kiosk's sign-in check (plugins/kiosk-auth), its use noted at
 * most once a minute (429 past the kiosk's rate). Revoked kiosks are answered as such (the plugin says so in words).
 */
export const findKioskByToken = async (ctx: AppContext, token: string) => {
  const tokenHash = sha256(token);
  const wait = scansOf(ctx).take(tokenHash);
  if (wait > 0) throw tooFast(wait);
  const row = await repo.findKioskByHash(ctx.db, tokenHash);
  if (!row) return undefined;
  if (!row.revokedAt) await repo.touchKiosk(ctx.db, row.id);
  return {
    id: row.id,
    businessId: row.businessId,
    name: row.name,
    createdByUserId: row.createdByUserId,
    revoked: row.revokedAt !== null,
  };
};

export const kioskInfo = async (ctx: AppContext, kiosk: KioskSession) => {
  const brand = await repo.findBusinessBrand(ctx.db, kiosk.businessId);
  return {
    business_name: brand?.name ?? '',
    business_logo_url: brand?.logoUrl ?? null,
    kiosk_name: kiosk.name,
    typed_entry: brand?.typedEntry ?? false,
  };
};

/**
 * Whose check-in the kiosk's is: its business, and no team user (the visit records the kiosk's
 * token, never a person; 0 is nobody's id). The kiosk shows nothing of the visit it answers.
 */
const kioskViewer = (kiosk: KioskSession): Viewer => ({
  businessId: kiosk.businessId,
  userId: 0,
  role: 'staff',
});

const seeDesk = (tone: 'amber' | 'red'): KioskCheckInResult => ({
  tone,
  text: KIOSK_SEE_DESK,
  first_name: null,
  picture_url: null,
});

/**
 * Typed entries at the kiosk (a phone or member ID with a PIN) that found no one with that PIN:
 * 10 per kiosk and 20 per business in 15 minutes, then 429 (cards still work). A business's
 * kiosks share its count, so opening more kiosks gives no more tries. A typed entry that
 * matches takes its own try back.
 */
export const KIOSK_TYPED_RATE_LIMIT: RateLimitRule = {
  action: 'kiosk-typed',
  perIp: 10,
  perEmail: 20,
  windowMinutes: 15,
};

const cardsOnly = () =>
  badRequest(KIOSK_ENTRY_MESSAGES.cardsOnly, 'KIOSK_CARDS_ONLY', {
    code: KIOSK_ENTRY_MESSAGES.cardsOnly,
  });

/**
 * The member a typed phone or member ID and PIN are: exactly one member of the business found
 * by what was typed, whose PIN it is; otherwise undefined. Counted against the typed-entry
 * limits first; the same work whether or not anyone was found (a PIN hash is always checked).
 */
const typedMember = async (
  ctx: AppContext,
  kiosk: KioskSession,
  kind: ReturnType<typeof classify>,
  pin: string,
) => {
  const perKiosk = `kiosk-${kiosk.id}`;
  const perBusiness = `business-${kiosk.businessId}`;
  await checkRateLimit(ctx.db, KIOSK_TYPED_RATE_LIMIT, perKiosk, perBusiness);
  const found = await findMembers(ctx.db, kiosk.businessId, kind, 2);
  const only = found.length === 1 ? found[0] : undefined;
  const hash = only ? await repo.pinHashOf(ctx.db, kiosk.businessId, only.id) : undefined;
  if (!(await verifyPassword(hash ?? undefined, pin))) return undefined;
  await forgiveOne(ctx.db, KIOSK_TYPED_RATE_LIMIT, perKiosk, perBusiness);
  return only;
};

/**
 * A member checks themselves in with their card, or (where the gym allows typed entry) their
 * phone (any form) or member ID with their kiosk PIN. A card of none of the business's members
 * answers red; several members on one card cannot be. A typed entry must find exactly one
 * member whose PIN it is; anything else answers "Please see the front desk" in red, shows
 * nothing and records nothing (several members sharing a phone included). Green and amber
 * record a visit found by `kiosk` (once per 2 hours: a second scan answers the same welcome
 * and records nothing); red records nothing and shows no details. A name is refused: it could
 * find anyone; so is a typed entry where the kiosk takes cards only.
 */
export const kioskCheckIn = async (
  ctx: AppContext,
  kiosk: KioskSession,
  code: string,
  pin?: string,
): Promise<KioskCheckInResult> => {
  const kind = classify(code);
  let member: Awaited<ReturnType<typeof findMembers>>[number] | undefined;
  if (kind.by === 'card') {
    const found = await findMembers(ctx.db, kiosk.businessId, kind, 2);
    if (found.length > 1) return seeDesk('amber');
    member = found[0];
  } else {
    if (!(await repo.typedEntryOf(ctx.db, kiosk.businessId))) throw cardsOnly();
    if (kind.by === 'name' || kind.by === 'none')
      throw badRequest(KIOSK_MESSAGES.nameRefused, 'VALIDATION_ERROR', {
        code: KIOSK_MESSAGES.nameRefused,
      });
    if (!pin)
      throw badRequest(KIOSK_ENTRY_MESSAGES.pinNeeded, 'VALIDATION_ERROR', {
        pin: KIOSK_ENTRY_MESSAGES.pinNeeded,
      });
    member = await typedMember(ctx, kiosk, kind, pin);
  }
  if (!member) return seeDesk('red');
  const outcome = await checkIn(
    ctx,
    kioskViewer(kiosk),
    { member_id: member.id },
    undefined,
    new Date(),
    { tokenId: kiosk.id, name: kiosk.name },
  ).catch((err: unknown) => {
    // Refused (red, the kiosk has no override) or gone since it was found: nothing recorded.
    if (
      err instanceof AppError &&
      [CHECK_IN_MESSAGES.refusedCode, 'MEMBER_NOT_FOUND'].includes(err.code)
    )
      return null;
    throw err;
  });
  // Red shows no details, also when it answers a visit of the last 2 hours.
  if (!outcome || outcome.result.verdict.tone === 'red') return seeDesk('red');
  const { verdict } = outcome.result;
  return {
    tone: verdict.tone,
    text: kioskText(verdict, member.firstName),
    first_name: member.firstName,
    picture_url: member.pictureUrl,
  };
};

/** Whether the business's kiosks take typed entry. */
export const kioskEntry = async (ctx: AppContext, businessId: number) => ({
  typed_entry: await repo.typedEntryOf(ctx.db, businessId),
});

/** Whether the business's kiosks take typed entry, and whether member `memberId` has a PIN. */
export const memberKioskEntry = async (ctx: AppContext, businessId: number, memberId: number) => ({
  typed_entry: await repo.typedEntryOf(ctx.db, businessId),
  pin_set: !!(await repo.pinHashOf(ctx.db, businessId, memberId)),
});

/** Lets the business's kiosks take typed entry (with the member PIN), or cards only; audited. */
export const setKioskEntry = async (
  ctx: AppContext,
  businessId: number,
  typedEntry: boolean,
  actor: Actor,
) => {
  await ctx.db.transaction(async (tx) => {
    await repo.setTypedEntry(tx, businessId, typedEntry);
    await recordAudit(tx, actor, {
      businessId,
      action: 'business.update',
      recordKind: 'business',
      recordId: businessId,
      recordLabel: 'Kiosk entry',
      detail: { kiosk_typed_entry: typedEntry },
    });
  });
  return { typed_entry: typedEntry };
};

/**
 * Sets member `memberId`'s kiosk PIN (kept hashed), by staff at the desk or by the member on
 * their page; 404 for a member of another business. The trail notes that it was set, never
 * the PIN.
 */
export const setMemberPin = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  pin: string,
  actor: Actor,
) => {
  const hash = await hashPassword(pin);
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await repo.setPinHash(tx, businessId, memberId, hash))) return false;
    await recordAudit(tx, actor, {
      businessId,
      action: 'member.update',
      recordKind: 'member',
      recordId: memberId,
      memberId,
      detail: { kiosk_pin: 'set' },
    });
    return true;
  });
  if (!done) throw notFound('Member not found', 'MEMBER_NOT_FOUND');
};

/**
 * Leaves the kiosk: the password of who opened it (or of any owner or admin of the business)
 * switches it off and answers a fresh session, as sign-in does, so the desk is back. Attempts
 * are counted per address and per kiosk, and against each of those accounts' sign-in count
 * (so opening more kiosks gives no more tries); a right password is not held against them.
 */
export const exitKiosk = async (
  ctx: AppContext,
  kiosk: KioskSession,
  password: string,
  ip: string,
): Promise<TokenPair> => {
  const rule = { action: 'kiosk_exit', ...ctx.config.rateLimit };
  const signIn = { action: 'login', ...ctx.config.rateLimit };
  const key = `kiosk-${kiosk.id}`;
  await checkRateLimit(ctx.db, rule, ip, key);
  const accounts = await repo.exitAccounts(ctx.db, kiosk.businessId, kiosk.createdByUserId);
  const emails = accounts.map((a) => a.email);
  // Each account whose password may close the kiosk counts the try as its sign-in does: a new
  // kiosk gives no new tries.
  await checkAccountLimits(ctx.db, signIn, emails);
  const session = await sessionForPassword(
    ctx,
    kiosk.businessId,
    accounts.map((a) => a.id),
    password,
  );
  await forgiveAttempt(ctx.db, rule, ip, key);
  await forgiveAccounts(ctx.db, signIn, emails);
  // The kiosk switches itself off: the trail names the kiosk (a team user's password opened it).
  await ctx.db.transaction((tx) =>
    switchOff(tx, kiosk.businessId, kiosk.id, { ...KIOSK_ACTOR, name: kiosk.name }, { exit: true }),
  );
  return session;
};
