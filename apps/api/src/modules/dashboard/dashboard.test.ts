import { addDays } from '@kora/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communicationMessages, members, paymentRollupState } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant, type Tenant } from '../../test/tenants';
import { recordPayment, refundPayment, voidPayment } from '../payments';
import { dashboardOf, sameDaysLastMonth, trendMonths } from './dashboard.service';
import { closePaymentDays, rowsOf } from '../../db/payment-days';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'DSH', name: 'Dash Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTH' },
});

const TODAY = '2026-03-15';
let monthly: { id: number };
let weekly: { id: number };
const people: Record<string, { id: number }> = {};

/** Records a payment as on `day` (Lagos), the way the front desk does. */
const payOn = (tenant: Tenant, day: string, member: string, plan: { id: number }, method: string) =>
  recordPayment(
    t.app.ctx,
    { businessId: tenant.businessId, userId: tenant.userId },
    {
      member_id: people[member]!.id,
      subscription_type_id: plan.id,
      amount: plan === monthly ? 25000 : 8000.5,
      method: method as 'Cash',
      duration: 1,
      purpose: 'Subscription payment',
    },
    { today: day },
  );

/** Sets when a member was created (the growth chart counts Lagos months of it). */
const createdAt = (name: string, at: string) =>
  t.db
    .update(members)
    .set({ createdAt: new Date(at) })
    .where(eq(members.id, people[name]!.id));

/** Forgets the roll-up: every day is read live from the payments. */
const reopenEveryDay = async () => {
  await t.db.execute(sql`delete from payment_days`);
  await t.db.execute(sql`update member_cover set last_ended = null`);
  await t.db.update(paymentRollupState).set({ closedThrough: '2000-01-01' });
};

beforeAll(async () => {
  // The gym's history starts after the last close: the days are closed as the test goes.
  await reopenEveryDay();
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
  weekly = await addPlan(t, owner.token, { name: 'Weekly', amount: 8000.5, duration_type: 'week' });
  for (const name of ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe'])
    people[name] = await addMember(t, owner.token, { first_name: name, last_name: 'Okafor' });
  // Dayo: a week in November, long ended. Chidi: one month from 20 Dec, never renewed.
  await payOn(owner, '2025-11-01', 'Dayo', weekly, 'Cash');
  await payOn(owner, '2025-12-20', 'Chidi', monthly, 'Card');
  // Ada: January and a renewal paid early (chained: 10 Feb – 9 Mar), then nothing.
  await payOn(owner, '2026-01-10', 'Ada', monthly, 'Cash');
  await payOn(owner, '2026-02-05', 'Ada', monthly, 'Card');
  // Efe: 20 Feb – 19 Mar, ends in 4 days.
  await payOn(owner, '2026-02-20', 'Efe', monthly, 'Cash');
  // Bola: weekly since 1 March, renewed each week, the last one today (15 – 21 Mar).
  await payOn(owner, '2026-03-01', 'Bola', weekly, 'Transfer');
  await payOn(owner, '2026-03-08', 'Bola', weekly, 'Cash');
  await payOn(owner, TODAY, 'Bola', weekly, 'Transfer');
  await t.db.update(members).set({ isActive: false }).where(eq(members.id, people.Dayo!.id));
  // Lagos months: 23:30 UTC on 31 January is 00:30 on 1 February in Lagos.
  await createdAt('Dayo', '2025-10-30T12:00:00Z');
  await createdAt('Chidi', '2025-12-19T12:00:00Z');
  await createdAt('Ada', '2026-01-31T23:30:00Z');
  await createdAt('Efe', '2026-02-19T12:00:00Z');
  await createdAt('Bola', '2026-03-01T08:00:00Z');

  // Another gym's money and members never show here.
  const theirs = await addMember(t, other.token);
  const theirPlan = await addPlan(t, other.token, { amount: 99999 });
  await recordPayment(
    t.app.ctx,
    { businessId: other.businessId, userId: other.userId },
    {
      member_id: theirs.id,
      subscription_type_id: theirPlan.id,
      amount: 99999,
      method: 'Cash',
      duration: 1,
      purpose: 'Subscription payment',
    },
    { today: '2026-03-10' },
  );
});

const month = (m: string, over: Record<string, number> = {}) => ({ month: m, ...over });

/** What the figures of this business must be on 15 March 2026, whatever path they come from. */
const expectKnownFigures = async () => {
  const d = await dashboardOf(t.app.ctx, owner.businessId, TODAY);
  expect(d.today).toBe(TODAY);
  expect(d.cards).toEqual({
    // Five members, Dayo deactivated.
    total_members: 4,
    // Running on 15 March: Efe (to 19 Mar) and Bola's week (15 – 21 Mar).
    active_subscriptions: 2,
    // 1 – 15 March: Bola's three weeks.
    revenue_this_month: 24001.5,
    // 1 – 15 February: Ada's renewal.
    revenue_last_month_same_days: 25000,
    revenue_change_percent: -4,
    // Every payment of 2026.
    revenue_year_to_date: 99001.5,
    // Ended between 14 Dec and 14 Mar: Ada, Bola, Chidi; only Bola paid again.
    retention_rate: 33.3,
    retention_ended: 3,
    retention_renewed: 1,
    // Nobody is frozen.
    frozen_members: 0,
  });
  expect(d.revenue_trend.map((r) => r.month)).toEqual(trendMonths(TODAY));
  expect(d.revenue_trend[0]).toEqual(month('2025-04', { revenue: 0, payments: 0 }));
  expect(d.revenue_trend.slice(-5)).toEqual([
    month('2025-11', { revenue: 8000.5, payments: 1 }),
    month('2025-12', { revenue: 25000, payments: 1 }),
    month('2026-01', { revenue: 25000, payments: 1 }),
    month('2026-02', { revenue: 50000, payments: 2 }),
    month('2026-03', { revenue: 24001.5, payments: 3 }),
  ]);
  expect(d.membership_growth.slice(-6)).toEqual([
    month('2025-10', { new_members: 1 }),
    month('2025-11', { new_members: 0 }),
    month('2025-12', { new_members: 1 }),
    month('2026-01', { new_members: 0 }),
    month('2026-02', { new_members: 2 }),
    month('2026-03', { new_members: 1 }),
  ]);
  expect(d.lifecycle.slice(-5)).toEqual([
    month('2025-11', { new: 1, renewed: 0, expired: 1, churned: 1 }),
    month('2025-12', { new: 1, renewed: 0, expired: 0, churned: 0 }),
    month('2026-01', { new: 1, renewed: 0, expired: 1, churned: 1 }),
    month('2026-02', { new: 1, renewed: 1, expired: 1, churned: 0 }),
    // Ended before today: Bola's first two weeks and Ada's renewal; Ada's cover ended 9 March.
    month('2026-03', { new: 1, renewed: 2, expired: 3, churned: 1 }),
  ]);
  expect(d.revenue_by_plan).toEqual([
    { plan_id: monthly.id, name: 'Monthly', revenue: 100000, payments: 4 },
    { plan_id: weekly.id, name: 'Weekly', revenue: 32002, payments: 4 },
  ]);
  expect(d.payments_by_method).toEqual([
    { method: 'Cash', revenue: 66001, payments: 4 },
    { method: 'Card', revenue: 50000, payments: 2 },
    { method: 'Transfer', revenue: 16001, payments: 2 },
  ]);
  expect(d.expiring.total).toBe(2);
  expect(
    d.expiring.data.map((e) => [e.member.first_name, e.plan.name, e.expiry_date, e.days_left]),
  ).toEqual([
    ['Efe', 'Monthly', '2026-03-19', 4],
    ['Bola', 'Weekly', '2026-03-21', 6],
  ]);
  return d;
};

describe('dashboard figures', () => {
  it('counts every figure of known payments, read live', async () => {
    await expectKnownFigures();
  });

  it('gives the same figures after the daily close, and after closing again from scratch', async () => {
    // Closing up to yesterday: 14 March and before from the roll-up, today live.
    await closePaymentDays(t.db, TODAY);
    const state = rowsOf<{ d: string }>(
      await t.db.execute(
        sql`select to_char(closed_through, 'YYYY-MM-DD') as d from payment_rollup_state`,
      ),
    );
    expect(state[0]!.d).toBe('2026-03-14');
    await expectKnownFigures();
    // A second close (another instance) finds nothing to do and changes nothing.
    expect(await closePaymentDays(t.db, TODAY)).toBe(0);
    await expectKnownFigures();
    await reopenEveryDay();
    await closePaymentDays(t.db, '2026-02-01');
    await closePaymentDays(t.db, TODAY);
    await expectKnownFigures();
  });

  it('compares with the same days of last month, at month and year boundaries', () => {
    expect(sameDaysLastMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-15' });
    // February is shorter: 1 – 31 March compares with the whole of February.
    expect(sameDaysLastMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(sameDaysLastMonth('2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-01' });
    expect(trendMonths('2026-01-01')).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
  });

  it('starts the year on 1 January in Lagos: year to date and this month', async () => {
    const d = await dashboardOf(t.app.ctx, owner.businessId, '2026-01-10');
    // 2026 so far: Ada's January payment; December's is last year.
    expect(d.cards.revenue_year_to_date).toBe(25000);
    expect(d.cards.revenue_this_month).toBe(25000);
    // 1 – 10 December: nothing (Chidi paid on the 20th).
    expect(d.cards.revenue_last_month_same_days).toBe(0);
    expect(d.cards.revenue_change_percent).toBeNull();
    // Later payments are not counted on an earlier day.
    expect(d.revenue_trend.at(-1)).toEqual(month('2026-01', { revenue: 25000, payments: 1 }));
  });

  it('lists recent activity newest first: payments, members, messages and team changes', async () => {
    const funke = await addMember(t, owner.token, { first_name: 'Funke', last_name: 'Bello' });
    await t.db.insert(communicationMessages).values({
      businessId: owner.businessId,
      group: 'all_members',
      channel: 'sms',
      html: '<p>Hello</p>',
      status: 'SENT',
      recipients: 4,
    });
    const res = await call(t.app, 'POST', '/v1/user/invite', {
      token: owner.token,
      body: { email: 'kemi@example.com', first_name: 'Kemi', last_name: 'Ade', role: 'staff' },
    });
    expect(res.statusCode).toBe(201);
    const d = await dashboardOf(t.app.ctx, owner.businessId, TODAY);
    expect(d.recent_activity[0]).toMatchObject({
      kind: 'team',
      event: 'invited',
      name: 'Kemi Ade',
      role: 'staff',
    });
    expect(d.recent_activity[1]).toMatchObject({
      kind: 'message',
      channel: 'sms',
      group: 'all_members',
      status: 'SENT',
      recipients: 4,
    });
    const paymentsShown = d.recent_activity.filter((a) => a.kind === 'payment');
    expect(paymentsShown[0]).toMatchObject({
      member: { id: people.Bola!.id, name: 'Bola Okafor' },
      amount: 8000.5,
      plan_name: 'Weekly',
      method: 'Transfer',
    });
    expect(d.recent_activity[2]).toMatchObject({
      kind: 'member',
      member: { id: funke.id, name: 'Funke Bello' },
    });
    expect(d.recent_activity).toHaveLength(10);
    const times = d.recent_activity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(d.getting_started).toEqual({
      plan: true,
      member: true,
      payment: true,
      team: true,
      message: true,
    });
  });
});

describe('GET /v1/dashboard', () => {
  it('answers a new business zeros and an empty checklist', async () => {
    const fresh = await createTenant(t, { code: 'NEW' });
    const res = await call(t.app, 'GET', '/v1/dashboard', { token: fresh.token });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.cards).toEqual({
      total_members: 0,
      active_subscriptions: 0,
      revenue_this_month: 0,
      revenue_last_month_same_days: 0,
      revenue_change_percent: null,
      revenue_year_to_date: 0,
      retention_rate: null,
      retention_ended: 0,
      retention_renewed: 0,
      frozen_members: 0,
    });
    expect(d.revenue_trend).toHaveLength(12);
    expect(d.revenue_trend.every((m: { revenue: number }) => m.revenue === 0)).toBe(true);
    expect(d.revenue_by_plan).toEqual([]);
    expect(d.expiring).toEqual({ total: 0, data: [] });
    expect(d.recent_activity).toEqual([]);
    expect(d.getting_started).toEqual({
      plan: false,
      member: false,
      payment: false,
      team: false,
      message: false,
    });
  });

  it("is read by staff too, and never counts another business's records", async () => {
    const res = await call(t.app, 'GET', '/v1/dashboard', { token: staff.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cards.total_members).toBe(5);
    const mine = (await call(t.app, 'GET', '/v1/dashboard', { token: owner.token })).json().data;
    // Their ₦99,999 payment and their member are not in this gym's figures.
    expect(mine.revenue_by_plan.map((p: { name: string }) => p.name).sort()).toEqual([
      'Monthly',
      'Weekly',
    ]);
    expect(
      mine.recent_activity.every(
        (a: { kind: string; amount?: number }) => a.kind !== 'payment' || a.amount !== 99999,
      ),
    ).toBe(true);
    const theirs = (await call(t.app, 'GET', '/v1/dashboard', { token: other.token })).json().data;
    expect(theirs.cards.total_members).toBe(1);
    expect(mine.cards.total_members).toBe(5);
    expect(theirs.payments_by_method[0]).toEqual({ method: 'Cash', revenue: 99999, payments: 1 });
    expect(theirs.expiring.data).toEqual([]);
  });

  it('refuses a caller without a business and without a token', async () => {
    expect((await call(t.app, 'GET', '/v1/dashboard')).statusCode).toBe(401);
  });
});

describe('dashboard figures with voids and refunds', () => {
  it('leaves voided payments out and takes refunds off, live and after the daily close', async () => {
    const gym = await createTenant(t, { code: 'DVR', name: 'Void Gym' });
    const plan = await addPlan(t, gym.token, { name: 'Monthly', amount: 25000 });
    const week = await addPlan(t, gym.token, {
      name: 'Weekly',
      amount: 8000.5,
      duration_type: 'week',
    });
    const who = { businessId: gym.businessId, userId: gym.userId, role: 'owner' as const };
    const paid: Record<string, { id: number }> = {};
    for (const [name, day, p, method] of [
      ['Ada', '2026-03-02', plan, 'Cash'],
      ['Bola', '2026-03-05', week, 'Card'],
      ['Chidi', '2026-03-10', plan, 'Transfer'],
      ['Dayo', '2026-03-03', plan, 'Cash'],
    ] as const) {
      const member = await addMember(t, gym.token, { first_name: name });
      paid[name] = await recordPayment(
        t.app.ctx,
        who,
        {
          member_id: member.id,
          subscription_type_id: p.id,
          amount: p === plan ? 25000 : 8000.5,
          method,
          duration: 1,
          purpose: 'Subscription payment',
        },
        { today: day },
      );
    }
    const refund = (name: string, amount: number, method: 'Cash' | 'Card') =>
      refundPayment(
        t.app.ctx,
        who,
        paid[name]!.id,
        { amount, method, reason: 'Overcharged', subscription: 'keep' },
        { today: TODAY },
      );
    const figures = async () => {
      const d = await dashboardOf(t.app.ctx, gym.businessId, TODAY);
      const march = d.revenue_trend.find((m) => m.month === '2026-03')!;
      return {
        month: d.cards.revenue_this_month,
        year: d.cards.revenue_year_to_date,
        march,
        new: d.lifecycle.find((m) => m.month === '2026-03')!.new,
        plans: d.revenue_by_plan.map((p) => [p.name, p.revenue, p.payments]),
        methods: d.payments_by_method.map((m) => [m.method, m.revenue, m.payments]),
      };
    };

    // Chidi's payment voided and ₦3,000.50 of Bola's refunded in cash, all days open.
    await reopenEveryDay();
    await voidPayment(t.app.ctx, who, paid.Chidi!.id, { reason: 'Wrong member' });
    await refund('Bola', 3000.5, 'Cash');
    const first = {
      month: 55000,
      year: 55000,
      march: { month: '2026-03', revenue: 55000, payments: 3 },
      new: 3,
      plans: [
        ['Monthly', 50000, 2],
        ['Weekly', 5000, 1],
      ],
      methods: [
        ['Cash', 46999.5, 2],
        ['Card', 8000.5, 1],
        ['Transfer', 0, 0],
      ],
    };
    expect(await figures()).toEqual(first);
    await closePaymentDays(t.db, TODAY);
    expect(await figures()).toEqual(first);

    // Dayo's payment (a closed day) voided, and ₦1,000 of Ada's refunded by card today.
    await voidPayment(t.app.ctx, who, paid.Dayo!.id, { reason: 'Paid twice' });
    await refund('Ada', 1000, 'Card');
    const second = {
      month: 29000,
      year: 29000,
      march: { month: '2026-03', revenue: 29000, payments: 2 },
      new: 2,
      plans: [
        ['Monthly', 24000, 1],
        ['Weekly', 5000, 1],
      ],
      methods: [
        ['Cash', 21999.5, 1],
        ['Card', 7000.5, 1],
        ['Transfer', 0, 0],
      ],
    };
    expect(await figures()).toEqual(second);
    // The same once the day of the refunds is closed, and closed again from scratch.
    await closePaymentDays(t.db, addDays(TODAY, 1));
    expect(await figures()).toEqual(second);
    await reopenEveryDay();
    await closePaymentDays(t.db, TODAY);
    expect(await figures()).toEqual(second);
  });
});
