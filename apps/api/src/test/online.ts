import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import { call, type TestApp } from './app';
import { startLoopbackPaystack, type LoopbackPaystack } from './loopback-paystack';

/*
 * Online payments in the tests that cover every contract (the matrices, the fuzz suite): a
 * loopback Paystack for the file, each business connected to its own loopback account with its
 * webhook injected into the app, and the records the calls name (a payment link, a transfer
 * account, a held payment) made through the API and the loopback as a member's payment would.
 */

/**
 * A loopback Paystack started before the file's tests and stopped after them; `config` is the
 * app's overrides (pass it to useTestApp, called after this: it is read in the app's beforeAll).
 */
export const useLoopbackPaystack = (): { paystack: LoopbackPaystack; config: Partial<Config> } => {
  const paystack = {} as LoopbackPaystack;
  const config: Partial<Config> = {};
  beforeAll(async () => {
    Object.assign(paystack, await startLoopbackPaystack());
    config.paystackBaseUrl = paystack.baseUrl;
  });
  afterAll(() => paystack.close?.());
  return { paystack, config };
};

const ok = (res: { statusCode: number; body: string }, status: number, what: string) => {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data;
};

/**
 * Connects the owner's business to the loopback account of `secretKey` (unless it already is),
 * turns transfer accounts on, and points the account's webhooks at the app (the URL of GET
 * /v1/business/paystack, injected: the business keeps it across disconnecting and reconnecting).
 */
export const connectPaystack = async (
  t: TestApp,
  paystack: LoopbackPaystack,
  token: string,
  secretKey: string,
) => {
  let connection = ok(
    await call(t.app, 'GET', '/v1/business/paystack', { token }),
    200,
    'reading the Paystack connection',
  );
  if (!connection.connected)
    connection = ok(
      await call(t.app, 'PUT', '/v1/business/paystack', { token, body: { secret_key: secretKey } }),
      200,
      'connecting Paystack',
    );
  if (!connection.transfer_accounts)
    connection = ok(
      await call(t.app, 'PATCH', '/v1/business/paystack', {
        token,
        body: { transfer_accounts: true },
      }),
      200,
      'turning transfer accounts on',
    );
  const url = new URL(connection.webhook_url).pathname;
  paystack.webhooks.set(secretKey, (hook) =>
    t.app.inject({ method: 'POST', url, headers: hook.headers, payload: hook.body }),
  );
  return connection;
};

/** A payment link for plan × duration, sent by `channel` (201), as the API answers it. */
export const addPaymentLink = async (
  t: TestApp,
  token: string,
  v: { member: number; plan: number; duration?: number; channel?: string },
) =>
  ok(
    await call(t.app, 'POST', `/v1/member/${v.member}/payment-link`, {
      token,
      body: {
        subscription_type_id: v.plan,
        duration: v.duration ?? 1,
        channel: v.channel ?? 'copy',
      },
    }),
    201,
    'creating a payment link',
  );

/** The member's dedicated transfer account (201). */
export const addTransferAccount = async (t: TestApp, token: string, member: number) =>
  ok(
    await call(t.app, 'POST', `/v1/member/${member}/transfer-account`, { token }),
    201,
    'creating a transfer account',
  );

/**
 * A held payment, the way one comes to be: a link for the plan × 1 is paid `periods` times its
 * amount on the loopback's checkout, whose webhook the app verifies and holds (the amount is not
 * the link's). Assigning it to the same member and plan × `periods` records it. Answers it as
 * GET /v1/held-payment lists it.
 */
export const addHeldPayment = async (
  t: TestApp,
  paystack: LoopbackPaystack,
  token: string,
  v: { member: number; plan: number; secretKey: string; periods?: number },
) => {
  const link = await addPaymentLink(t, token, { member: v.member, plan: v.plan });
  const asked = paystack.transaction(link.reference, v.secretKey);
  if (!asked) throw new Error(`the loopback has no transaction ${link.reference}`);
  const count = paystack.deliveries.length;
  await paystack.pay(link.reference, {
    amount: asked.requested_amount * (v.periods ?? 2),
    secretKey: v.secretKey,
  });
  const delivery = paystack.deliveries[count];
  if (delivery?.status !== 200)
    throw new Error(`the webhook was not received: ${JSON.stringify(delivery)}`);
  const held = ok(
    await call(t.app, 'GET', '/v1/held-payment?per_page=100', { token }),
    200,
    'listing held payments',
  ) as { id: number; reference: string }[];
  const found = held.find((h) => h.reference === link.reference);
  if (!found)
    throw new Error(`${link.reference} was paid but is not held: ${JSON.stringify(held)}`);
  return found;
};

/**
 * A connected business's online records for one member and plan: the member's transfer account,
 * a link waiting for payment (sent by `channel`) and a payment held for staff (paid `periods`
 * times the link's amount).
 */
export const addOnlineRecords = async (
  t: TestApp,
  paystack: LoopbackPaystack,
  token: string,
  v: { member: number; plan: number; secretKey: string; periods: number; channel?: string },
) => {
  const transfer = await addTransferAccount(t, token, v.member);
  const link = await addPaymentLink(t, token, {
    member: v.member,
    plan: v.plan,
    channel: v.channel,
  });
  const held = await addHeldPayment(t, paystack, token, v);
  return { transfer, link, held };
};
