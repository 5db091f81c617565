import type { AppContext } from '../../context';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { PaystackError } from '../../lib/paystack';
import { openSecret } from '../../lib/secrets';
import { clientFor, paystackFailure } from './online.account';
import { verifyAndAct } from './online.apply';
import { chargeReference, keepEvent, parseEvent, signatureMatches } from './online.events';
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
