import { addDays, lagosDay } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant, type Tenant } from '../../test/tenants';
import { pay, paymentBody, setSubscriptionDates } from '../../test/payments';

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'MEM' } });
const day = (n: number) => addDays(lagosDay(), n);

const details = async (tenant: Tenant, id: number) =>
  (await call(t.app, 'GET', `/v1/member/${id}`, { token: tenant.token })).json().data;
const inList = async (tenant: Tenant, id: number) =>
  (await call(t.app, 'GET', '/v1/member?per_page=1000', { token: tenant.token }))
    .json()
    .data.find((m: { id: number }) => m.id === id);

/** What the member list and the member details both show. */
const shown = async (tenant: Tenant, id: number) => {
  const one = await details(tenant, id);
  const row = await inList(tenant, id);
  const pick = (m: any) => ({
    plan: m.subscription_type?.name ?? null,
    status: m.subscription_status,
    label: m.subscription_status_label,
  });
  expect(pick(row)).toEqual(pick(one));
  return pick(one);
};

describe("a member's current subscription", () => {
  it('shows the creation plan with No Subscription until a payment, then the bought plan', async () => {
    const chosen = await addPlan(t, owner.token, { name: 'Chosen', amount: 100 });
    const bought = await addPlan(t, owner.token, { name: 'Bought', amount: 250.5, duration: 2 });
    const member = await addMember(t, owner.token, { subscription_type_id: chosen.id });
    expect(await shown(owner, member.id)).toEqual({
      plan: 'Chosen',
      status: 0,
      label: 'No Subscription',
    });
    const p = await pay(t, owner, paymentBody(member.id, bought.id, 250.5));
    expect(await shown(owner, member.id)).toEqual({ plan: 'Bought', status: 1, label: 'Active' });
    const data = await details(owner, member.id);
    expect(data.subscription_type).toEqual({
      id: bought.id,
      name: 'Bought',
      amount: 250.5,
      duration: 2,
      duration_type: 'month',
    });
    // The subscription ended yesterday: Expired, still showing its plan.
    await setSubscriptionDates(t, p.subscription.id, day(-60), day(-1));
    expect(await shown(owner, member.id)).toEqual({ plan: 'Bought', status: 2, label: 'Expired' });
    // Ending today is still active.
    await setSubscriptionDates(t, p.subscription.id, day(-60), day(0));
    expect(await shown(owner, member.id)).toEqual({ plan: 'Bought', status: 1, label: 'Active' });
  });

  it('shows No Subscription and no plan for a member who chose none and never paid', async () => {
    const member = await addMember(t, owner.token);
    expect(await shown(owner, member.id)).toEqual({
      plan: null,
      status: 0,
      label: 'No Subscription',
    });
  });

  it('shows the running subscription that ends last when the member has several', async () => {
    const monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 100 });
    const annual = await addPlan(t, owner.token, {
      name: 'Annual',
      amount: 1000,
      duration_type: 'year',
    });
    const daily = await addPlan(t, owner.token, {
      name: 'Day Pass',
      amount: 10,
      duration_type: 'day',
    });
    const member = await addMember(t, owner.token);
    const old = await pay(t, owner, paymentBody(member.id, monthly.id, 100));
    await setSubscriptionDates(t, old.subscription.id, day(-90), day(-60));
    await pay(t, owner, paymentBody(member.id, annual.id, 1000));
    await pay(t, owner, paymentBody(member.id, daily.id, 10));
    expect(await shown(owner, member.id)).toEqual({ plan: 'Annual', status: 1, label: 'Active' });
  });

  it("keeps each business's subscriptions to itself", async () => {
    const other = await createTenant(t, { code: 'OTHR' });
    const theirs = await addMember(t, other.token);
    const plan = await addPlan(t, other.token, { amount: 100 });
    await pay(t, other, paymentBody(theirs.id, plan.id, 100));
    expect(await shown(other, theirs.id)).toMatchObject({ status: 1 });
    expect(
      (await call(t.app, 'GET', `/v1/member/${theirs.id}`, { token: owner.token })).statusCode,
    ).toBe(404);
  });
});

describe('members summary: deactivated and lapsed', () => {
  it('counts only deactivated accounts as deactivated, and apart from them the lapsed', async () => {
    const s = await createTenant(t, { code: 'CHRN' });
    const plan = await addPlan(t, s.token, { amount: 100 });
    const [current, lapsed, renewed, never, deactivated] = await Promise.all(
      Array.from({ length: 5 }, () => addMember(t, s.token)),
    );
    const summary = async () =>
      (await call(t.app, 'GET', '/v1/member/summary', { token: s.token })).json().data;
    await pay(t, s, paymentBody(current.id, plan.id, 100));
    const gone = await pay(t, s, paymentBody(lapsed.id, plan.id, 100));
    await setSubscriptionDates(t, gone.subscription.id, day(-40), day(-10));
    const before = await pay(t, s, paymentBody(renewed.id, plan.id, 100));
    await setSubscriptionDates(t, before.subscription.id, day(-40), day(-10));
    await pay(t, s, paymentBody(renewed.id, plan.id, 100));
    expect(never.id).toBeGreaterThan(0);
    // Nobody deactivated yet: the one member whose cover ended is lapsed, not deactivated.
    expect(await summary()).toEqual({
      total: 5,
      active: 5,
      new_this_month: 5,
      deactivated: 0,
      lapsed: 1,
      walk_ins: 0,
    });
    // A deactivated member whose cover also ended counts once, as deactivated.
    const ended = await pay(t, s, paymentBody(deactivated.id, plan.id, 100));
    await setSubscriptionDates(t, ended.subscription.id, day(-40), day(-1));
    await call(t.app, 'PATCH', `/v1/member/${deactivated.id}`, {
      token: s.token,
      body: { is_active: false },
    });
    expect(await summary()).toEqual({
      total: 5,
      active: 4,
      new_this_month: 5,
      deactivated: 1,
      lapsed: 1,
      walk_ins: 0,
    });
    // Another business's members are never counted.
    const other = await createTenant(t, { code: 'CHRO' });
    expect(
      (await call(t.app, 'GET', '/v1/member/summary', { token: other.token })).json().data,
    ).toEqual({
      total: 0,
      active: 0,
      new_this_month: 0,
      deactivated: 0,
      lapsed: 0,
      walk_ins: 0,
    });
  });
});

describe('deleting a plan with payment history', () => {
  it('answers 409 and keeps the plan, which can still be deactivated', async () => {
    const plan = await addPlan(t, owner.token, { amount: 100 });
    const member = await addMember(t, owner.token);
    await pay(t, owner, paymentBody(member.id, plan.id, 100));
    const url = `/v1/subscription-type/${plan.id}`;
    const res = await call(t.app, 'DELETE', url, { token: owner.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This plan has subscriptions; deactivate it instead.');
    const row = await t.db.select().from(plans).where(eq(plans.id, plan.id));
    expect(row).toHaveLength(1);
    const off = await call(t.app, 'PATCH', url, { token: owner.token, body: { is_active: 0 } });
    expect(off.statusCode).toBe(200);
    const list = await call(t.app, 'GET', `/v1/payment?subscription_type_id=${plan.id}`, {
      token: owner.token,
    });
    expect(list.json().total).toBe(1);
  });
});
