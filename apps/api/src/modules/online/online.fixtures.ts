import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments, subscriptions } from '../../db/schema';
import { call, json, type TestApp } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS, type LoopbackPaystack } from '../../test/loopback-paystack';
import { useLoopbackPaystack } from '../../test/online';
import type { Tenant } from '../../test/tenants';

/**
 * The online payment tests' setup: a loopback Paystack (two accounts, A and B), started before
 * the app so the app's PAYSTACK_BASE_URL points at it, and closed after.
 */
export const useOnlineApp = (): { t: TestApp; paystack: LoopbackPaystack } => {
  const { paystack, config } = useLoopbackPaystack();
  return { t: useTestApp(config), paystack };
};

/**
 * The setup of the tests of links and transfers: the online app, a gym (`owner`) with a staff
 * member, and another gym (`other`); `codes` keeps each file's businesses apart.
 */
export const useOnlineGyms = (codes: { owner: string; other: string }) => {
  const { t, paystack } = useOnlineApp();
  const gyms = useTenants(t, {
    owner: { code: codes.owner, name: 'Iron Paradise Gym' },
    staff: { role: 'staff', of: 'owner' },
    other: { code: codes.other, name: 'Other Gym' },
  });
  return { t, paystack, ...gyms };
};

export const [KEY_A, KEY_B] = LOOPBACK_PAYSTACK_KEYS;

/**
 * Connects the tenant's business with `key` and registers its webhook URL on the loopback (as a
 * gym pastes it in the Paystack dashboard), delivered into the app by inject.
 */
export const connectPaystack = async (
  t: TestApp,
  paystack: LoopbackPaystack,
  tenant: Tenant,
  key: string,
  opts: { transferAccounts?: boolean } = {},
) => {
  const res = await call(t.app, 'PUT', '/v1/business/paystack', {
    token: tenant.token,
    body: { secret_key: key },
  });
  if (res.statusCode !== 200) throw new Error(`connect failed: ${res.body}`);
  const webhookPath = new URL(json(res).data.webhook_url).pathname;
  paystack.webhooks.set(key, (hook) =>
    t.app.inject({ method: 'POST', url: webhookPath, headers: hook.headers, payload: hook.body }),
  );
  if (opts.transferAccounts) {
    await call(t.app, 'PATCH', '/v1/business/paystack', {
      token: tenant.token,
      body: { transfer_accounts: true },
    });
  }
  return webhookPath;
};

/** Creates a payment link through the API; answers the response. */
export const createLink = (
  t: TestApp,
  tenant: Tenant,
  memberId: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  call(t.app, 'POST', `/v1/member/${memberId}/payment-link`, {
    token: tenant.token,
    body: { duration: 1, channel: 'copy', ...body },
    headers,
  });

/**
 * Asserts that the payer's latest subscription covers `memberId` as a group plan does: the
 * member's `periods`-th subscription (their latest) has the payer's days, links to the payer's
 * subscription, and no payment; the member paid nothing.
 */
export const expectGroupCover = async (
  t: TestApp,
  payerId: number,
  memberId: number,
  periods = 1,
) => {
  const of = (id: number) =>
    t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.memberId, id))
      .orderBy(subscriptions.id);
  const bought = (await of(payerId)).at(-1)!;
  const covered = await of(memberId);
  expect(covered).toHaveLength(periods);
  expect(covered.at(-1)).toMatchObject({
    groupSubscriptionId: bought.id,
    paymentId: null,
    startDate: bought.startDate,
    expiryDate: bought.expiryDate,
  });
  expect(await t.db.select().from(payments).where(eq(payments.memberId, memberId))).toEqual([]);
};
