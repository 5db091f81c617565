import { RECONCILE_AFTER_MINUTES } from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { PaystackError, type PaystackClient } from '../../lib/paystack';
import { openSecret } from '../../lib/secrets';
import { clientFor, paystackFailure } from './online.account';
import { verifyAndAct } from './online.apply';
import {
  applyKeptEvents,
  chargeReference,
  keepEvent,
  parseEvent,
  signatureMatches,
} from './online.events';
import * as events from './online.events.repository';
import * as repo from './online.repository';

/**
 * Paystack's events for one business arrive at its own address, /v1/paystack/webhook/{token}
 * (the business's for good: it survives disconnecting and reconnecting), so the right secret key
 * checks them: `x-paystack-signature` must be the HMAC-SHA512 (hex) of the raw body under that
 * key, compared in constant time, before the body is even parsed. A bad signature answers 401
 * and records nothing. An event is never trusted for its content: the charge it names is
 * verified with Paystack before anything is recorded. While the business is disconnected there
 * is no key to check with: the event is kept and applied after the next connection.
 */

const TOKEN = /^[0-9a-f]{48}$/;

export type WebhookOutcome = 'applied' | 'held' | 'already' | 'ignored' | 'pending' | 'kept';

export const receiveWebhook = async (
  ctx: AppContext,
  token: string,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> => {
  const webhook = TOKEN.test(token) ? await events.findWebhookByToken(ctx.db, token) : undefined;
  if (!webhook) throw notFound();
  const account = await repo.findAccount(ctx.db, webhook.businessId);
  if (!account) return keepEvent(ctx, webhook.businessId, raw, signature);
  const secret = ctx.config.secretsKey && openSecret(ctx.config.secretsKey, account.secretKeyEnc);
  // The key cannot be opened (the server's key changed): Paystack retries later.
  if (!secret) throw new AppError(503, 'KEY_UNAVAILABLE', 'Try again later.');
  if (!signatureMatches(secret, raw, signature))
    throw unauthorized('Invalid signature.', 'INVALID_SIGNATURE');
  const event = parseEvent(raw);
  await repo.countEvent(ctx.db, account.businessId);
  await events.markWebhookPasted(ctx.db, account.businessId);
  const reference = chargeReference(event);
  if (!reference) return 'ignored';
  try {
    return await verifyAndAct(ctx, account.businessId, clientFor(ctx, account)!, reference);
  } catch (err) {
    // Paystack could not confirm now: a 5xx makes it deliver the event again later.
    if (err instanceof PaystackError && err.kind === 'unreachable') throw paystackFailure(err);
    if (err instanceof PaystackError) return 'ignored';
    throw err;
  }
};

/** Links checked per pass; the job runs at most once a minute per instance. */
const RECONCILE_BATCH = 20;
const RECONCILE_EVERY_MS = 60_000;
const lastRun = new WeakMap<AppContext, number>();

/**
 * The webhook that never came: links still waiting RECONCILE_AFTER_MINUTES after they were sent
 * are verified with Paystack (again every 6 hours, and once after they expire); a paid one is applied like
 * the webhook would have, and one past its lifetime and unpaid is marked expired.
 */
export const reconcileLinks = async (ctx: AppContext): Promise<number> => {
  const due = await repo.claimWaitingLinks(ctx.db, RECONCILE_AFTER_MINUTES, RECONCILE_BATCH);
  const clients = new Map<number, PaystackClient | undefined>();
  for (const link of due) {
    if (!clients.has(link.business_id)) {
      const account = await repo.findAccount(ctx.db, link.business_id);
      clients.set(link.business_id, account && clientFor(ctx, account));
    }
    const client = clients.get(link.business_id);
    if (!client) continue;
    let outcome: WebhookOutcome | 'unknown';
    try {
      outcome = await verifyAndAct(ctx, link.business_id, client, link.reference);
    } catch (err) {
      if (!(err instanceof PaystackError)) throw err;
      // Unreachable: the next pass asks again. Refused: Paystack does not know it (never paid).
      if (err.kind === 'unreachable') continue;
      outcome = 'unknown';
    }
    if ((outcome === 'pending' || outcome === 'unknown') && link.expired)
      await repo.expireLink(ctx.db, link.id);
  }
  return due.length;
};

/**
 * The dispatcher's tick, at most once a minute per instance: reconciliation, and the events kept
 * while a business was disconnected that the connection itself did not apply.
 */
export const reconcileJob = async (ctx: AppContext) => {
  const now = Date.now();
  if (now - (lastRun.get(ctx) ?? 0) < RECONCILE_EVERY_MS) return;
  lastRun.set(ctx, now);
  await reconcileLinks(ctx);
  await applyKeptEvents(ctx);
};
