import { addDays, lagosDay, subscriptionDisplayStatus, type Subscription } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant, dataOfNewBusiness } from '../../test/tenants';
import { pay, paymentBody, setSubscriptionDates } from '../../test/payments';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'SUB' }, other: { code: 'OTHR' } });
const today = lagosDay();
const day = (n: number) => addDays(today, n);

/** name → [start, expiry, is_active], recorded in this order. */
const SHAPES = {
  active: [day(-10), day(30), true],
  expiresInAWeek: [day(-20), day(7), true],
  expiresToday: [day(-30), day(0), true],
  expired: [day(-60), day(-1), true],
  activeEightDays: [day(-5), day(8), true],
  inactive: [day(-5), day(40), false],
} as const;
type Name = keyof typeof SHAPES;
const subs = {} as Record<Name, { id: number; member: number; plan: number }>;
let monthly: { id: number };
let weekly: { id: number };
let theirs: { id: number };
let theirPlan: { id: number };

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 1000 });
  weekly = await addPlan(t, owner.token, { name: 'Weekly', amount: 300, duration_type: 'week' });
  for (const [i, name] of (Object.keys(SHAPES) as Name[]).entries()) {
    const member = await addMember(t, owner.token);
    const plan = i % 2 === 0 ? monthly : weekly;
    const p = await pay(t, owner, paymentBody(member.id, plan.id, i % 2 === 0 ? 1000 : 300));
    const [start, expiry, isActive] = SHAPES[name];
    await setSubscriptionDates(t, p.subscription.id, start, expiry);
    if (!isActive)
      await t.db
        .update(subscriptions)
        .set({ isActive: false })
        .where(eq(subscriptions.id, p.subscription.id));
    subs[name] = { id: p.subscription.id, member: member.id, plan: plan.id };
  }
  theirs = await addMember(t, other.token);
  theirPlan = await addPlan(t, other.token, { amount: 100 });
  await pay(t, other, paymentBody(theirs.id, theirPlan.id, 100));
});

const list = (query = '', tenant = owner) =>
  call(t.app, 'GET', `/v1/subscription?${query}`, { token: tenant.token });
const names = async (query: string): Promise<Name[]> => {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  const byId = new Map(Object.entries(subs).map(([n, s]) => [s.id, n as Name]));
  return res.json().data.map((s: Subscription) => byId.get(s.id)!);
};
const all = (Object.keys(SHAPES) as Name[]).slice().reverse();

describe('GET /v1/subscription', () => {
  it('pages newest first with meta, answering member, plan, amount and period', async () => {
    const res = await list('per_page=4');
    expect(res.json().meta).toEqual({ page: 1, per_page: 4, pages: 2, total: 6 });
    expect(await names('per_page=4')).toEqual(all.slice(0, 4));
    expect(await names('page=2&per_page=4')).toEqual(all.slice(4));
    const row = res.json().data.find((s: Subscription) => s.id === subs.activeEightDays.id);
    expect(row).toMatchObject({
      member: { id: subs.activeEightDays.member },
      subscription_type: { id: monthly.id, name: 'Monthly', is_grouped: 0 },
      subscription_amount: 1000,
      duration_type: 'month',
      start_date: day(-5),
      expiry_date: day(8),
      is_active: true,
    });
    const weekRow = (await list()).json().data.find((s: Subscription) => s.id === subs.inactive.id);
    expect(weekRow).toMatchObject({
      member: { id: subs.inactive.member },
      subscription_type: { id: weekly.id, name: 'Weekly', is_grouped: 0 },
      subscription_amount: 300,
      duration: 1,
      plan_duration: 1,
      duration_type: 'week',
      start_date: day(-5),
      expiry_date: day(40),
      is_active: false,
    });
  });

  it('filters by status: active (ending today or later) and expired (before today)', async () => {
    expect(await names('status=active')).toEqual(
      all.filter((n) => !['expired', 'inactive'].includes(n)),
    );
    expect(await names('status=expired')).toEqual(['expired']);
    expect(await names('status=')).toEqual(all);
  });

  it('filters by member and plan', async () => {
    expect(await names(`member_id=${subs.expired.member}`)).toEqual(['expired']);
    expect(await names(`subscription_type_id=${weekly.id}`)).toEqual(
      all.filter((n) => subs[n].plan === weekly.id),
    );
    expect(await names(`subscription_type_id=${weekly.id}&status=active`)).toEqual([
      'expiresInAWeek',
    ]);
    expect(await names(`subscription_type_id=${monthly.id}&status=active`)).toEqual([
      'activeEightDays',
      'expiresToday',
      'active',
    ]);
  });

  it('keeps the subscriptions whose period overlaps the chosen dates', async () => {
    // Running on some day between today+8 and today+31.
    expect(await names(`start_date=${day(8)}&end_date=${day(31)}`)).toEqual([
      'inactive',
      'activeEightDays',
      'active',
    ]);
    // Running on or after yesterday, and started by 40 days ago.
    expect(await names(`start_date=${day(-1)}`)).toEqual(all);
    expect(await names(`end_date=${day(-40)}`)).toEqual(['expired']);
    // Running on some day of that week: the two started 5 days ago are out.
    expect(await names(`start_date=${day(-7)}&end_date=${day(-6)}`)).toEqual(
      all.filter((n) => n !== 'activeEightDays' && n !== 'inactive'),
    );
  });

  it('refuses bad filters', async () => {
    const cases: [string, string, string][] = [
      ['status=lapsed', 'status', 'Status must be active, upcoming or expired'],
      [
        'start_date=2026-05-02&end_date=2026-05-01',
        'end_date',
        'End date must be on or after the start date',
      ],
      ['per_page=101', 'per_page', 'Page size must be at most 100'],
      ['subscription_type_id=0', 'subscription_type_id', 'subscription_type_id must be at least 1'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it("never shows another business's subscriptions", async () => {
    for (const query of [`member_id=${theirs.id}`, `subscription_type_id=${theirPlan.id}`])
      expect((await list(query)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    const theirList = await list('', other);
    expect(theirList.json().meta.total).toBe(1);
    expect(theirList.json().data[0].member.id).toBe(theirs.id);
  });
});

describe('GET /v1/subscription/summary', () => {
  it('counts active, expiring within 7 days and expired', async () => {
    const res = await call(t.app, 'GET', '/v1/subscription/summary', { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ active: 4, expiring: 2, upcoming: 0, expired: 1 });
    expect(await dataOfNewBusiness(t, '/v1/subscription/summary')).toEqual({
      active: 0,
      expiring: 0,
      upcoming: 0,
      expired: 0,
    });
  });

  it('agrees with the display status each row shows', async () => {
    const res = await list('per_page=100');
    const shown = Object.fromEntries(
      res.json().data.map((s: Subscription) => [s.id, subscriptionDisplayStatus(s, today)]),
    );
    expect(shown[subs.active.id]).toBe('Active');
    expect(shown[subs.activeEightDays.id]).toBe('Active');
    expect(shown[subs.expiresInAWeek.id]).toBe('Expiring Soon');
    expect(shown[subs.expiresToday.id]).toBe('Expiring Soon');
    expect(shown[subs.expired.id]).toBe('Expired');
    expect(shown[subs.inactive.id]).toBe('Inactive');
  });
});

describe('a renewal paid in advance', () => {
  it('is Upcoming, not counted as running today, while the member stays Active', async () => {
    const gym = await createTenant(t, { code: 'UPC' });
    const plan = await addPlan(t, gym.token, { name: 'Monthly', amount: 5000 });
    const member = await addMember(t, gym.token);
    const first = await pay(t, gym, paymentBody(member.id, plan.id, 5000));
    const renewal = await pay(t, gym, paymentBody(member.id, plan.id, 5000));
    // The renewal starts the day after the running period ends.
    expect(renewal.subscription.start_date).toBe(addDays(first.subscription.expiry_date, 1));

    const ids = async (status: string) =>
      (await call(t.app, 'GET', `/v1/subscription?status=${status}`, { token: gym.token }))
        .json()
        .data.map((s: Subscription) => s.id);
    expect(await ids('active')).toEqual([first.subscription.id]);
    expect(await ids('upcoming')).toEqual([renewal.subscription.id]);
    expect(await ids('expired')).toEqual([]);

    const summary = await call(t.app, 'GET', '/v1/subscription/summary', { token: gym.token });
    expect(summary.json().data).toEqual({ active: 1, expiring: 0, upcoming: 1, expired: 0 });

    const rows = (await call(t.app, 'GET', '/v1/subscription', { token: gym.token })).json().data;
    const shown = rows.map((s: Subscription) => [s.id, subscriptionDisplayStatus(s, today)]);
    expect(shown).toEqual([
      [renewal.subscription.id, 'Upcoming'],
      [first.subscription.id, 'Active'],
    ]);

    const details = await call(t.app, 'GET', `/v1/member/${member.id}`, { token: gym.token });
    expect(details.json().data.subscription_status).toBe(1);
    expect(details.json().data.subscription_status_label).toBe('Active');
  });
});
