import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import {
  addMember,
  addPlan,
  createTenant,
  dataOfNewBusiness,
  type Tenant,
} from '../../test/tenants';
import { pay, paymentBody } from '../../test/payments';
import { paymentSummary } from './payments.service';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'LST' }, other: { code: 'OTHR' } });
/** Payment ids in the order recorded, with what each was. */
const made: { id: number; member: number; plan: number; method: string; day: string }[] = [];
let ada: { id: number };
let bola: { id: number };
let monthly: { id: number };
let weekly: { id: number };
let theirs: { id: number };
let theirPlan: { id: number };

// Recorded in this order, each a minute after the previous; paid_on set to the given day.
const DAYS = ['2026-01-05', '2026-02-10', '2026-02-11', '2026-03-01', '2026-03-31'];

beforeAll(async () => {
  ada = await addMember(t, owner.token, { first_name: 'Ada' });
  bola = await addMember(t, owner.token, { first_name: 'Bola' });
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
  weekly = await addPlan(t, owner.token, { name: 'Weekly', amount: 8000.5, duration_type: 'week' });
  const plan = [monthly, weekly, monthly, weekly, monthly];
  const who = [ada, ada, bola, bola, ada];
  const method = ['Cash', 'Card', 'Transfer', 'Cash', 'Card'];
  for (let i = 0; i < DAYS.length; i++) {
    const amount = plan[i] === monthly ? 25000 : 8000.5;
    const p = await pay(
      t,
      owner,
      paymentBody(who[i]!.id, plan[i]!.id, amount, { method: method[i] }),
    );
    await t.db
      .update(payments)
      .set({ paidOn: DAYS[i]!, createdAt: sql`now() - make_interval(mins => ${100 - i})` })
      .where(eq(payments.id, p.id));
    made.push({
      id: p.id,
      member: who[i]!.id,
      plan: plan[i]!.id,
      method: method[i]!,
      day: DAYS[i]!,
    });
  }
  theirs = await addMember(t, other.token);
  theirPlan = await addPlan(t, other.token, { amount: 100 });
  await pay(t, other, paymentBody(theirs.id, theirPlan.id, 100));
});

const list = (tenant: Tenant, query = '') =>
  call(t.app, 'GET', `/v1/payment?${query}`, { token: tenant.token });
const ids = async (query: string, tenant = owner) => {
  const res = await list(tenant, query);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((p: { id: number }) => p.id);
};
const newestFirst = (rows: typeof made) => rows.map((r) => r.id).reverse();

describe('GET /v1/payment', () => {
  it('pages newest first, with meta and total/pages at the top level', async () => {
    const res = await list(owner, 'per_page=2');
    expect(res.json()).toMatchObject({
      message: 'Payments loaded.',
      meta: { page: 1, per_page: 2, pages: 3, total: 5 },
      total: 5,
      pages: 3,
    });
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual(newestFirst(made).slice(0, 2));
    expect(await ids('page=3&per_page=2')).toEqual([made[0]!.id]);
    const row = res.json().data[0];
    expect(row).toMatchObject({
      amount: 25000,
      method: 'Card',
      paid_on: '2026-03-31',
      duration: 1,
      purpose: 'Subscription payment',
      member: { id: ada.id, first_name: 'Ada' },
      subscription_type: { id: monthly.id, name: 'Monthly', is_grouped: 0, duration_type: 'month' },
    });
    expect(Object.keys(row.member).sort()).toEqual(
      ['email_address', 'first_name', 'id', 'last_name', 'picture_url'].sort(),
    );
  });

  it('filters by member, plan, method and recorded day (inclusive), alone and together', async () => {
    const pick = (f: (r: (typeof made)[number]) => boolean) => newestFirst(made.filter(f));
    expect(await ids(`member_id=${bola.id}`)).toEqual(pick((r) => r.member === bola.id));
    expect(await ids(`subscription_type_id=${weekly.id}`)).toEqual(
      pick((r) => r.plan === weekly.id),
    );
    expect(await ids('method=Cash')).toEqual(pick((r) => r.method === 'Cash'));
    expect(await ids('start_date=2026-02-11&end_date=2026-03-31')).toEqual(
      pick((r) => r.day >= '2026-02-11'),
    );
    expect(await ids('start_date=2026-03-01')).toEqual(pick((r) => r.day >= '2026-03-01'));
    expect(await ids('end_date=2026-02-10')).toEqual(pick((r) => r.day <= '2026-02-10'));
    expect(await ids(`member_id=${ada.id}&subscription_type_id=${monthly.id}&method=Card`)).toEqual(
      [made[4]!.id],
    );
    const filtered = await list(owner, `member_id=${ada.id}&per_page=1`);
    expect(filtered.json()).toMatchObject({ total: 3, pages: 3 });
    // Empty values are no filter (what a cleared form sends).
    expect(await ids('member_id=&method=&start_date=&end_date=')).toHaveLength(5);
  });

  it('refuses bad filters with clear messages', async () => {
    const cases: [string, string, string][] = [
      [
        'start_date=2026-03-02&end_date=2026-03-01',
        'end_date',
        'End date must be on or after the start date',
      ],
      ['start_date=2026-02-30', 'start_date', 'Start date must be a date (YYYY-MM-DD)'],
      ['end_date=yesterday', 'end_date', 'End date must be a date (YYYY-MM-DD)'],
      ['method=Cheque', 'method', 'Payment method must be Cash, Card or Transfer'],
      ['member_id=abc', 'member_id', 'member_id must be a number'],
      ['per_page=101', 'per_page', 'Page size must be at most 100'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(owner, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it("never shows another business's payments, even filtered by their member or plan", async () => {
    expect(await ids('per_page=100')).toEqual(newestFirst(made));
    const filtered = await list(owner, `member_id=${theirs.id}`);
    expect(filtered.json()).toMatchObject({ data: [], total: 0 });
    const byPlan = await list(owner, `subscription_type_id=${theirPlan.id}`);
    expect(byPlan.json()).toMatchObject({ data: [], total: 0 });
    const theirList = await list(other);
    expect(theirList.json().total).toBe(1);
    expect(theirList.json().data[0].member.id).toBe(theirs.id);
  });
});

describe('payment summary', () => {
  it('sums today, this month and year to date by Lagos day, over all payments', async () => {
    // Pinned to 2026-03-31: today = made[4]; this month = made[3..4]; the year = all five.
    const s = await paymentSummary(t.app.ctx, owner.businessId, '2026-03-31');
    expect(s).toEqual({
      count: 5,
      today: 25000,
      this_month: 33000.5,
      year_to_date: 91001,
      // ₦91,001 / 5 = ₦18,200.20, in whole naira.
      average: 18200,
    });
    const feb = await paymentSummary(t.app.ctx, owner.businessId, '2026-02-10');
    expect(feb).toMatchObject({ today: 8000.5, this_month: 8000.5, year_to_date: 33000.5 });
  });

  it('answers the average in whole naira (half a naira up) and zeros without payments', async () => {
    const s = await createTenant(t, { code: 'AVG' });
    const member = await addMember(t, s.token);
    for (const amount of [1000, 1000.5, 1001]) {
      const plan = await addPlan(t, s.token, { amount });
      await pay(t, s, paymentBody(member.id, plan.id, amount));
    }
    const res = await call(t.app, 'GET', '/v1/payment/summary', { token: s.token });
    // ₦3,001.50 / 3 = ₦1,000.50 → ₦1,001.
    expect(res.json().data).toEqual({
      count: 3,
      today: 3001.5,
      this_month: 3001.5,
      year_to_date: 3001.5,
      average: 1001,
    });
    expect(await dataOfNewBusiness(t, '/v1/payment/summary')).toEqual({
      count: 0,
      today: 0,
      this_month: 0,
      year_to_date: 0,
      average: 0,
    });
  });
});
