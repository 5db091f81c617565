import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { PaystackError, type PaystackClient } from '../../lib/paystack';
import { openSecret } from '../../lib/secrets';
import { clientFor, connect, getConnection } from './online.account';
import { verifyAndAct } from './online.apply';
import * as events from './online.events.repository';
import * as repo from './online.repository';
import type { Actor } from '../audit';

/**
 * Paystack's events as they reach a business's webhook address: the signature check, and the
 * events kept while the business was disconnected. Such an event cannot be checked (no key), so
 * it is kept as received, at most MAX_KEPT_EVENT_BYTES each and MAX_KEPT_EVENTS per business
 * (a full store answers 503, so Paystack delivers it again later), and applied once Paystack is
 * connected again: its signature must match the new key (an event of another Paystack account
 * is dropped), then the charge is verified with Paystack and recorded by the same once-only path
 * as a live event. Neither an event's body nor its signature ever reaches a log.
 */

/** A charge.success is a few kilobytes. */
export const MAX_KEPT_EVENT_BYTES = 64 * 1024;
/** Events kept per business while it is disconnected. */
export const MAX_KEPT_EVENTS = 500;
/** A kept event never applied (not connected again) is dropped after this many days. */
const KEPT_EVENT_DAYS = 90;
/** Kept events applied per pass. */
const KEPT_BATCH = 20;

const SIGNATURE = /^[0-9a-f]{128}$/i;
const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

export const signatureMatches = (secret: string, raw: Buffer, signature: string | undefined) => {
  if (!signature || !SIGNATURE.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

/** The event's parsed body, or 400 when it is not JSON. */
export const parseEvent = (raw: Buffer): { event?: unknown; data?: { reference?: unknown } } => {
  try {
    return (JSON.parse(raw.toString('utf8')) ?? {}) as { event?: unknown };
  } catch {
    throw badRequest('Invalid JSON.', 'INVALID_JSON');
  }
};

/** The reference of a charge.success event, or undefined for any other event. */
export const chargeReference = (event: ReturnType<typeof parseEvent>) => {
  if (event?.event !== 'charge.success') return undefined;
  const reference = event.data?.reference;
  return typeof reference === 'string' && REFERENCE.test(reference) ? reference : undefined;
};

/** Keeps an event that reached a disconnected business's address: `kept` or `ignored`. */
export const keepEvent = async (
  ctx: AppContext,
  businessId: number,
  raw: Buffer,
  signature: string | undefined,
): Promise<'kept' | 'ignored'> => {
  if (!signature || !SIGNATURE.test(signature))
    throw unauthorized('Invalid signature.', 'INVALID_SIGNATURE');
  if (raw.length > MAX_KEPT_EVENT_BYTES)
    throw new AppError(413, 'EVENT_TOO_LARGE', 'The event is too large.');
  const body = raw.toString('utf8');
  // Kept as text: bytes that would not come back the same (not UTF-8, a NUL) are not an event.
  if (body.includes('\u0000') || !Buffer.from(body, 'utf8').equals(raw))
    throw badRequest('Invalid JSON.', 'INVALID_JSON');
  if (!chargeReference(parseEvent(raw))) return 'ignored';
  // Counted and kept under the business's lock: parallel events stop at the bound too.
  await ctx.db.transaction(async (tx) => {
    await events.lockKept(tx, businessId);
    if ((await events.countKept(tx, businessId)) >= MAX_KEPT_EVENTS)
      throw new AppError(503, 'EVENTS_FULL', 'Try again later.');
    await events.keepEvent(tx, { businessId, signature: signature.toLowerCase(), body });
  });
  return 'kept';
};

/**
 * Applies the kept events of connected businesses (of `businessId` only, when given): each
 * signed by the business's key now connected is verified with Paystack and acted on once, then
 * dropped; one signed by another key is dropped unapplied. Paystack unreachable (or the key not
 * openable): the event stays for the next pass. Answers how many were applied or dropped.
 */
export const applyKeptEvents = async (ctx: AppContext, businessId?: number): Promise<number> => {
  const due = await events.claimKeptEvents(ctx.db, KEPT_BATCH, businessId);
  const keys = new Map<number, { secret: string; client: PaystackClient } | undefined>();
  const done: number[] = [];
  const later: number[] = [];
  for (const kept of due) {
    if (!keys.has(kept.business_id)) {
      const account = await repo.findAccount(ctx.db, kept.business_id);
      const secret =
        account && ctx.config.secretsKey && openSecret(ctx.config.secretsKey, account.secretKeyEnc);
      const client = account && clientFor(ctx, account);
      keys.set(kept.business_id, secret && client ? { secret, client } : undefined);
    }
    const key = keys.get(kept.business_id);
    if (!key) {
      later.push(kept.id); // the key cannot be opened, or Paystack is unreachable: a later pass
      continue;
    }
    const raw = Buffer.from(kept.body, 'utf8');
    if (!signatureMatches(key.secret, raw, kept.signature)) {
      done.push(kept.id);
      continue;
    }
    await events.markWebhookPasted(ctx.db, kept.business_id);
    let reference: string | undefined;
    try {
      reference = chargeReference(parseEvent(raw));
    } catch {
      reference = undefined;
    }
    if (reference) {
      try {
        await verifyAndAct(ctx, kept.business_id, key.client, reference);
      } catch (err) {
        if (!(err instanceof PaystackError)) throw err;
        // Unreachable: this business's events wait for a later pass. Refused: not a charge of it.
        if (err.kind === 'unreachable') {
          keys.set(kept.business_id, undefined);
          later.push(kept.id);
          continue;
        }
      }
    }
    done.push(kept.id);
  }
  await events.deleteKeptEvents(ctx.db, done);
  await events.releaseKeptEvents(ctx.db, later);
  await events.dropStaleKeptEvents(ctx.db, KEPT_EVENT_DAYS);
  return done.length;
};

/**
 * Connects the key (see `connect`), then applies what reached the business's address while it
 * was disconnected (a first batch now, the rest by the dispatcher's job).
 */
export const connectAndCatchUp = async (
  ctx: AppContext,
  who: { businessId: number; userId: number },
  secretKey: string,
  actor: Actor,
) => {
  await connect(ctx, who, secretKey, actor);
  await applyKeptEvents(ctx, who.businessId).catch(() => 0);
  return getConnection(ctx, who.businessId);
};
