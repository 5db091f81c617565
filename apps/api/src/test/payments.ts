import { eq } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { call, type TestApp } from './app';
import type { Tenant } from './tenants';

/** A valid payment body; override any field. */
export const paymentBody = (
  memberId: number,
  planId: number,
  amount: number,
  overrides: Record<string, unknown> = {},
) => ({
  member_id: memberId,
  subscription_type_id: planId,
  amount,
  method: 'Transfer',
  duration: 1,
  ...overrides,
});

/** POST /v1/payment as `tenant`, with an Idempotency-Key when given. */
export const postPayment = (t: TestApp, tenant: Tenant, body: unknown, key?: string) =>
  call(t.app, 'POST', '/v1/payment', {
    token: tenant.token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** Records a payment and answers its data; fails loudly otherwise. */
export const pay = async (
  t: TestApp,
  tenant: Tenant,
  body: ReturnType<typeof paymentBody>,
  key?: string,
) => {
  const res = await postPayment(t, tenant, body, key);
  if (res.statusCode !== 201) throw new Error(`record payment failed: ${res.body}`);
  return res.json().data;
};

/** A member's subscriptions as stored, oldest start first. */
export const subscriptionsOf = async (t: TestApp, memberId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId))).sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id,
  );

/** Moves a subscription's dates (to set up expired or expiring ones). */
export const setSubscriptionDates = (
  t: TestApp,
  id: number,
  startDate: string,
  expiryDate: string,
) => t.db.update(subscriptions).set({ startDate, expiryDate }).where(eq(subscriptions.id, id));

/**
 * Pays `plan` for a member as `tenant` (the payment body's fields overridden by `overrides`) and
 * moves the subscription it bought to run from `start` to `end`; answers the payment's data.
 */
export const payForPeriod = async (
  t: TestApp,
  tenant: Tenant,
  memberId: number,
  plan: { id: number; amount: number },
  [start, end]: readonly [string, string],
  overrides: Record<string, unknown> = {},
) => {
  const paid = await pay(t, tenant, paymentBody(memberId, plan.id, plan.amount, overrides));
  await setSubscriptionDates(t, paid.subscription.id, start, end);
  return paid;
};
