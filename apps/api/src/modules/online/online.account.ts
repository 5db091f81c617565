import { createHmac, randomBytes } from 'node:crypto';
import { ONLINE_MESSAGES, type PaystackConnection } from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { paystackClient, PaystackError, type PaystackClient } from '../../lib/paystack';
import { openSecret, sealSecret } from '../../lib/secrets';
import * as events from './online.events.repository';
import { recordAudit, type Actor } from '../audit';
import * as repo from './online.repository';

/**
 * The business's own Paystack account: connecting checks the secret key with Paystack before
 * keeping it (sealed with the server's key; only its last four characters are ever shown).
 *
 * The webhook address belongs to the business, not to the connection: made at the first
 * connection, it never changes, whatever is disconnected, reconnected or replaced, so the address
 * pasted in Paystack's dashboard keeps working. It must be pasted again only into another
 * Paystack account's dashboard (or the other mode's field, test or live, of the same account):
 * a key Paystack does not know our latest link with.
 */

/** The URL Paystack posts this business's events to. */
const webhookUrlOf = (ctx: AppContext, token: string) =>
  `${ctx.config.appUrl}/v1/paystack/webhook/${token}`;

/** Paystack failed us: its refusal in its words, or "unreachable" (502). */
export const paystackFailure = (err: unknown): AppError => {
  if (err instanceof PaystackError && err.kind === 'refused')
    return badRequest(`Paystack refused: ${err.message}`, 'PAYSTACK_REFUSED');
  if (err instanceof PaystackError)
    return new AppError(502, 'PAYSTACK_UNREACHABLE', ONLINE_MESSAGES.unreachable);
  throw err;
};

const secretsKeyOf = (ctx: AppContext): Buffer => {
  if (!ctx.config.secretsKey)
    throw new AppError(503, 'ONLINE_PAYMENTS_UNAVAILABLE', ONLINE_MESSAGES.noEncryptionKey);
  return ctx.config.secretsKey;
};

/** A client for the account's key, or undefined when the key cannot be opened (new server key). */
export const clientFor = (
  ctx: AppContext,
  account: repo.AccountRow,
): PaystackClient | undefined => {
  const key = ctx.config.secretsKey && openSecret(ctx.config.secretsKey, account.secretKeyEnc);
  return key ? paystackClient(ctx.config.paystackBaseUrl, key) : undefined;
};

/** The account and its client, or 409 "connect Paystack first" (as every call that needs it). */
export const connectedClient = async (
  ctx: AppContext,
  businessId: number,
  exec: Executor = ctx.db,
) => {
  const account = await repo.findAccount(exec, businessId);
  const client = account && clientFor(ctx, account);
  if (!account || !client) throw conflict(ONLINE_MESSAGES.notConnected, 'PAYSTACK_NOT_CONNECTED');
  return { account, client };
};

export const getConnection = async (
  ctx: AppContext,
  businessId: number,
): Promise<PaystackConnection> => {
  const [account, held, webhook] = await Promise.all([
    repo.findAccount(ctx.db, businessId),
    repo.countHeld(ctx.db, businessId),
    events.findWebhook(ctx.db, businessId),
  ]);
  return {
    connected: !!account,
    mode: (account?.mode as 'test' | 'live' | undefined) ?? null,
    key_last4: account?.keyLast4 ?? null,
    connected_at: account?.connectedAt.toISOString() ?? null,
    webhook_url: account && webhook ? webhookUrlOf(ctx, webhook.token) : null,
    webhook_paste_needed: Boolean(account && webhook?.pasteNeeded),
    events_received: account?.eventsReceived ?? 0,
    last_event_at: account?.lastEventAt?.toISOString() ?? null,
    transfer_accounts: account?.transferAccounts ?? false,
    held_payments: held,
  };
};

/** The key's fingerprint: an HMAC under the server's key (it tells keys apart, reveals none). */
const fingerprintOf = (sealKey: Buffer, secretKey: string) =>
  createHmac('sha256', sealKey).update(secretKey).digest('hex');

/**
 * Whether `client`'s key, a key other than the last one connected, is of another Paystack account
 * (or mode) than the business's latest payment link: Paystack knows a transaction only in the
 * account and mode that made it. Without a link to ask about, a change of mode (test, live) is
 * the only sign.
 */
const isOtherAccount = async (
  ctx: AppContext,
  businessId: number,
  client: PaystackClient,
  modes: { before: string | null; now: string },
): Promise<boolean> => {
  const reference = await repo.latestLinkReference(ctx.db, businessId);
  if (reference) {
    try {
      return (await client.verify(reference)).reference !== reference;
    } catch (err) {
      if (err instanceof PaystackError && err.kind === 'refused') return true;
    }
  }
  return modes.before !== null && modes.before !== modes.now;
};

/**
 * Checks the key with Paystack (a wrong key is refused with the field's message), then keeps it.
 * The business's webhook address is made at its first connection and kept after that.
 */
export const connect = async (
  ctx: AppContext,
  who: { businessId: number; userId: number },
  secretKey: string,
  actor: Actor,
): Promise<void> => {
  const sealKey = secretsKeyOf(ctx);
  const client = paystackClient(ctx.config.paystackBaseUrl, secretKey);
  try {
    await client.checkKey();
  } catch (err) {
    if (err instanceof PaystackError && err.kind === 'refused')
      throw badRequest(ONLINE_MESSAGES.keyRefused, 'PAYSTACK_KEY_REFUSED', {
        secret_key: ONLINE_MESSAGES.keyRefused,
      });
    throw paystackFailure(err);
  }
  const mode = secretKey.startsWith('sk_live_') ? 'live' : 'test';
  const fingerprint = fingerprintOf(sealKey, secretKey);
  const previous = await events.findWebhook(ctx.db, who.businessId);
  // The first connection makes the address (pasting it is the form's usual instruction); the
  // same key again needs what it needed before; another key, pasting if its account is another.
  const pasteNeeded = !previous
    ? false
    : previous.keyFingerprint === fingerprint
      ? previous.pasteNeeded
      : await isOtherAccount(ctx, who.businessId, client, { before: previous.mode, now: mode });
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockAccount(tx, who.businessId);
    // The trail never holds the key: only that it changed, and the mode.
    await recordAudit(tx, actor, {
      businessId: who.businessId,
      action: 'paystack.connect',
      recordKind: 'paystack',
      recordLabel: 'Paystack',
      changes: {
        ...(before && previous?.keyFingerprint === fingerprint
          ? {}
          : { 'secret key': { from: null, to: 'changed' } }),
        ...(before && before.mode !== mode ? { mode: { from: before.mode, to: mode } } : {}),
      },
      detail: { mode, reconnected: before !== undefined },
    });
    await events.ensureWebhook(tx, who.businessId, randomBytes(24).toString('hex'));
    await events.setWebhookKey(tx, who.businessId, {
      keyFingerprint: fingerprint,
      pasteNeeded,
      mode,
    });
    await repo.saveAccount(tx, {
      businessId: who.businessId,
      secretKeyEnc: sealSecret(sealKey, secretKey),
      keyLast4: secretKey.slice(-4),
      mode,
      connectedBy: who.userId,
    });
  });
};

export const setTransferAccounts = async (
  ctx: AppContext,
  businessId: number,
  on: boolean,
  actor: Actor,
): Promise<PaystackConnection> => {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockAccount(tx, businessId);
    if (!before) throw conflict(ONLINE_MESSAGES.notConnected, 'PAYSTACK_NOT_CONNECTED');
    await repo.setTransferAccounts(tx, businessId, on);
    if (before.transferAccounts !== on)
      await recordAudit(tx, actor, {
        businessId,
        action: 'business.settings',
        recordKind: 'paystack',
        recordLabel: 'Paystack',
        changes: { transfer_accounts: { from: before.transferAccounts, to: on } },
      });
  });
  return getConnection(ctx, businessId);
};

/**
 * Deletes the key; links still waiting are cancelled (nobody can pay them any more). The webhook
 * address stays: an event that reaches it meanwhile is kept and applied after reconnecting.
 */
export const disconnect = async (ctx: AppContext, businessId: number, actor: Actor) => {
  await ctx.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, businessId);
    const cancelled = await repo.cancelWaitingLinks(tx, businessId);
    await repo.deleteAccount(tx, businessId);
    // Disconnecting what is not connected changes nothing: no entry.
    if (account)
      await recordAudit(tx, actor, {
        businessId,
        action: 'paystack.disconnect',
        recordKind: 'paystack',
        recordLabel: 'Paystack',
        changes: { 'secret key': { from: null, to: 'removed' } },
        detail: { mode: account.mode, links_cancelled: cancelled },
      });
  });
  return getConnection(ctx, businessId);
};
