import { randomBytes } from 'node:crypto';
import {
  CHECK_IN_MESSAGES,
  KIOSK_SEE_DESK,
  formatDay,
  kioskText,
  lagosDay,
  type Kiosk,
  type KioskCheckInResult,
  type TokenPair,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { checkRateLimit, forgiveAttempt } from '../../lib/rate-limit';
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

/** The kiosk the check-in page opens: named "Kiosk" and today's date. */
export const openKiosk = (
  ctx: AppContext,
  who: Who,
  idempotencyKey: string | undefined,
  actor: Actor,
) => createKiosk(ctx, who, `Kiosk ${formatDay(lagosDay())}`, idempotencyKey, actor);

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
 * A member checks themselves in with their card, phone (any form) or member ID. Exactly one
 * member of the kiosk's business must match: several (a family sharing a phone) answer amber
 * "Please see the front desk", none (or another business's member) red, and nothing is
 * recorded. Green and amber record a visit found by `kiosk` (once per 2 hours: a second scan
 * answers the same welcome and records nothing); red records nothing and shows no details.
 * A name is refused: it could find anyone.
 */
export const kioskCheckIn = async (
  ctx: AppContext,
  kiosk: KioskSession,
  code: string,
): Promise<KioskCheckInResult> => {
  const kind = classify(code);
  if (kind.by === 'name' || kind.by === 'none')
    throw badRequest(KIOSK_MESSAGES.nameRefused, 'VALIDATION_ERROR', {
      code: KIOSK_MESSAGES.nameRefused,
    });
  const found = await findMembers(ctx.db, kiosk.businessId, kind, 2);
  if (found.length > 1) return seeDesk('amber');
  const member = found[0];
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

/**
 * Leaves the kiosk: the password of who opened it (or of any owner or admin of the business)
 * switches it off and answers a fresh session, as sign-in does, so the desk is back. Attempts
 * are counted like sign-in's, per address and per kiosk; a right password is not held against
 * them.
 */
export const exitKiosk = async (
  ctx: AppContext,
  kiosk: KioskSession,
  password: string,
  ip: string,
): Promise<TokenPair> => {
  const rule = { action: 'kiosk_exit', ...ctx.config.rateLimit };
  const key = `kiosk-${kiosk.id}`;
  await checkRateLimit(ctx.db, rule, ip, key);
  const ids = await repo.exitUserIds(ctx.db, kiosk.businessId, kiosk.createdByUserId);
  const session = await sessionForPassword(ctx, kiosk.businessId, ids, password);
  await forgiveAttempt(ctx.db, rule, ip, key);
  // The kiosk switches itself off: the trail names the kiosk (a team user's password opened it).
  await ctx.db.transaction((tx) =>
    switchOff(tx, kiosk.businessId, kiosk.id, { ...KIOSK_ACTOR, name: kiosk.name }, { exit: true }),
  );
  return session;
};
