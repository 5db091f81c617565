import { randomBytes } from 'node:crypto';
import { ONLINE_MESSAGES, type PaystackConnection } from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { paystackClient, PaystackError, type PaystackClient } from '../../lib/paystack';
import { openSecret, sealSecret } from '../../lib/secrets';
import * as repo from './online.repository';

/**
 * The business's own Paystack account: connecting checks the secret key with Paystack before
 * keeping it (sealed with the server's key; only its last four characters are ever shown).
 */

/** The URL Paystack posts this business's events to. */
export const webhookUrlOf = (ctx: AppContext, token: string) =>
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

/** The account and its client, or 400 "connect Paystack first". */
export const connectedClient = async (
  ctx: AppContext,
  businessId: number,
  exec: Executor = ctx.db,
) => {
  const account = await repo.findAccount(exec, businessId);
  const client = account && clientFor(ctx, account);
  if (!account || !client) throw badRequest(ONLINE_MESSAGES.notConnected, 'PAYSTACK_NOT_CONNECTED');
  return { account, client };
};

export const getConnection = async (
  ctx: AppContext,
  businessId: number,
): Promise<PaystackConnection> => {
  const [account, held] = await Promise.all([
    repo.findAccount(ctx.db, businessId),
    repo.countHeld(ctx.db, businessId),
  ]);
  return {
    connected: !!account,
    mode: (account?.mode as 'test' | 'live' | undefined) ?? null,
    key_last4: account?.keyLast4 ?? null,
    connected_at: account?.connectedAt.toISOString() ?? null,
    webhook_url: account ? webhookUrlOf(ctx, account.webhookToken) : null,
    events_received: account?.eventsReceived ?? 0,
    last_event_at: account?.lastEventAt?.toISOString() ?? null,
    transfer_accounts: account?.transferAccounts ?? false,
    held_payments: held,
  };
};

/** Checks the key with Paystack (a wrong key is refused with the field's message), then keeps it. */
export const connect = async (
  ctx: AppContext,
  who: { businessId: number; userId: number },
  secretKey: string,
): Promise<PaystackConnection> => {
  const sealKey = secretsKeyOf(ctx);
  try {
    await paystackClient(ctx.config.paystackBaseUrl, secretKey).checkKey();
  } catch (err) {
    if (err instanceof PaystackError && err.kind === 'refused')
      throw badRequest(ONLINE_MESSAGES.keyRefused, 'PAYSTACK_KEY_REFUSED', {
        secret_key: ONLINE_MESSAGES.keyRefused,
      });
    throw paystackFailure(err);
  }
  await repo.saveAccount(ctx.db, {
    businessId: who.businessId,
    secretKeyEnc: sealSecret(sealKey, secretKey),
    keyLast4: secretKey.slice(-4),
    mode: secretKey.startsWith('sk_live_') ? 'live' : 'test',
    webhookToken: randomBytes(24).toString('hex'),
    connectedBy: who.userId,
  });
  return getConnection(ctx, who.businessId);
};

export const setTransferAccounts = async (
  ctx: AppContext,
  businessId: number,
  on: boolean,
): Promise<PaystackConnection> => {
  if (!(await repo.setTransferAccounts(ctx.db, businessId, on)))
    throw badRequest(ONLINE_MESSAGES.notConnected, 'PAYSTACK_NOT_CONNECTED');
  return getConnection(ctx, businessId);
};

/** Deletes the key; links still waiting are cancelled (nobody can pay them any more). */
export const disconnect = async (ctx: AppContext, businessId: number) => {
  await ctx.db.transaction(async (tx) => {
    await repo.cancelWaitingLinks(tx, businessId);
    await repo.deleteAccount(tx, businessId);
  });
  return getConnection(ctx, businessId);
};
