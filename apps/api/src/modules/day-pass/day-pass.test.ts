import { lagosDay } from '@kora/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, payments, subscriptions, visits } from '../../db/schema';
import { call, json, type TestApp } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from '../../test/loopback-paystack';
import { connectPaystack, useLoopbackPaystack } from '../../test/online';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const g = useTenants(t, {
  owner: { code: 'DPA' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'DPB' },
  none: { code: 'DPC' },
});

const setDayPassPlan = (tenant: Tenant, id: number | null) =>
  call(t.app, 'PATCH', '/v1/business/profile', {
    token: tenant.token,
    body: { day_pass_plan_id: id },
  });

let dayPlan: { id: number; amount: number };
beforeAll(async () => {
  dayPlan = await addPlan(t, g.owner.token, {
    name: 'Day pass',
    amount: 3000,
    duration: 1,
    duration_type: 'day',
  });
  expect((await setDayPassPlan(g.owner, dayPlan.id)).statusCode).toBe(200);
});

let phones = 0;
const newPhone = () => `0809${String(4_000_000 + ++phones).padStart(7, '0')}`;

const sell = (tenant: Tenant, body: Record<string, unknown> = {}, key?: string, app: TestApp = t) =>
  call(app.app, 'POST', '/v1/day-pass', {
    token: tenant.token,
    body: {
      first_name: 'Emeka',
      last_name: 'Obi',
      mobile_number: newPhone(),
      method: 'Cash',
      check_in: false,
      ...body,
    },
    headers: key ? { 'idempotency-key': key } : {},
  });

const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId));
const subscriptionsOf = (memberId: number) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId));
const visitsOf = (memberId: number) =>
  t.db.select().from(visits).where(eq(visits.memberId, memberId));
const membersWithPhone = (businessId: number, e164: string) =>
  t.db
    .select()
    .from(members)
    .where(and(eq(members.businessId, businessId), eq(members.mobileNumber, e164)));

describe('the day-pass plan in Settings', () => {
  it('is answered in the business profile, and null clears it', async () => {
    const plan = await addPlan(t, g.none.token, { duration: 1, duration_type: 'day' });
    const set = await setDayPassPlan(g.none, plan.id);
    expect(json(set).data.day_pass_plan_id).toBe(plan.id);
    const profile = await call(t.app, 'GET', '/v1/business/profile', { token: g.none.token });
    expect(json(profile).data.day_pass_plan_id).toBe(plan.id);
    expect(json(await setDayPassPlan(g.none, null)).data.day_pass_plan_id).toBeNull();
  });

  it('refuses a plan that is not of 1 day, with the field named', async () => {
    for (const plan of [
      await addPlan(t, g.owner.token, { duration: 30, duration_type: 'day' }),
      await addPlan(t, g.owner.token, { duration: 1, duration_type: 'month' }),
    ]) {
      const res = await setDayPassPlan(g.owner, plan.id);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        message: 'The day-pass plan must be a plan of 1 day.',
        errors: { day_pass_plan_id: 'The day-pass plan must be a plan of 1 day.' },
      });
    }
    const profile = await call(t.app, 'GET', '/v1/business/profile', { token: g.owner.token });
    expect(json(profile).data.day_pass_plan_id).toBe(dayPlan.id);
  });

  it("refuses another business's plan exactly like a missing one", async () => {
    const theirs = await addPlan(t, g.other.token, { duration: 1, duration_type: 'day' });
    const foreign = await setDayPassPlan(g.owner, theirs.id);
    const missing = await setDayPassPlan(g.owner, 999_999);
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toEqual(json(missing));
    expect(json(foreign).errors).toEqual({ day_pass_plan_id: 'Subscription plan not found.' });
  });

  it('refuses bad values and is read-only for staff', async () => {
    for (const value of ['1', 1.5, -1, 0, 2 ** 40, {}, true])
      expect((await setDayPassPlan(g.owner, value as number)).statusCode, String(value)).toBe(400);
    expect((await setDayPassPlan(g.staff, dayPlan.id)).statusCode).toBe(403);
  });

  it('is cleared when its plan is deleted', async () => {
    const plan = await addPlan(t, g.none.token, { duration: 1, duration_type: 'day' });
    await setDayPassPlan(g.none, plan.id);
    const del = await call(t.app, 'DELETE', `/v1/subscription-type/${plan.id}`, {
      token: g.none.token,
    });
    expect(del.statusCode).toBe(200);
    const profile = await call(t.app, 'GET', '/v1/business/profile', { token: g.none.token });
    expect(json(profile).data.day_pass_plan_id).toBeNull();
  });
});

describe('selling a day pass', () => {
  it('asks for the day-pass plan first when none is chosen, and records nothing', async () => {
    const res = await sell(g.other, { mobile_number: '08094440001' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Choose your day-pass plan in Settings first.');
    expect(await membersWithPhone(g.other.businessId, '+2348094440001')).toEqual([]);
  });

  it('adds a walk-in, records one payment of today and checks them in, in one go', async () => {
    const res = await sell(g.staff, { check_in: true, mobile_number: '0809 444 0002' });
    expect(res.statusCode).toBe(201);
    const { member, payment, payment_link, check_in } = json(res).data;
    expect(member).toMatchObject({
      first_name: 'Emeka',
      last_name: 'Obi',
      mobile_number: '+2348094440002',
      city: 'Ikeja',
      state: 'Lagos',
      is_walk_in: true,
    });
    expect(payment).toMatchObject({ amount: 3000, method: 'Cash', member_id: member.id });
    expect(payment.subscription).toMatchObject({ start_date: lagosDay(), expiry_date: lagosDay() });
    expect(payment_link).toBeNull();
    expect(check_in).toMatchObject({
      already_checked_in: false,
      verdict: { status: 'ends_today', tone: 'amber' },
      visit: { found_by: 'day_pass', recorded_by: { id: g.staff.userId }, kiosk_name: null },
    });
    expect(await paymentsOf(member.id)).toMatchObject([{ amountKobo: 300_000, method: 'Cash' }]);
    expect(await subscriptionsOf(member.id)).toMatchObject([
      { startDate: lagosDay(), expiryDate: lagosDay(), subscriptionTypeId: dayPlan.id },
    ]);
    expect(await visitsOf(member.id)).toMatchObject([{ foundBy: 'day_pass' }]);
  });

  it('finds the member already there by phone, in any form, and leaves them a member', async () => {
    const known = await addMember(t, g.owner.token, {
      first_name: 'Amaka',
      mobile_number: '08094440003',
    });
    for (const phone of ['+2348094440003', '234 809 444 0003']) {
      const res = await sell(g.owner, { first_name: 'Someone', mobile_number: phone });
      expect(res.statusCode).toBe(201);
      expect(json(res).data.member).toMatchObject({ id: known.id, is_walk_in: false });
    }
    expect(await membersWithPhone(g.owner.businessId, '+2348094440003')).toHaveLength(1);
    expect(await paymentsOf(known.id)).toHaveLength(2);
    expect(await visitsOf(known.id)).toEqual([]);
  });

  it("never takes another business's member with that phone", async () => {
    const theirs = await addMember(t, g.other.token, { mobile_number: '08094440004' });
    const res = await sell(g.owner, { mobile_number: '08094440004' });
    expect(json(res).data.member.id).not.toBe(theirs.id);
    expect(await paymentsOf(theirs.id)).toEqual([]);
  });

  it('sent twice with the same Idempotency-Key: one member, one payment, one visit', async () => {
    const body = { mobile_number: '08094440005', check_in: true };
    const first = await sell(g.owner, body, 'day-pass-twice');
    const again = await sell(g.owner, body, 'day-pass-twice');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(json(again).data.payment.id).toBe(json(first).data.payment.id);
    expect(json(again).data.check_in.already_checked_in).toBe(true);
    const [member, ...more] = await membersWithPhone(g.owner.businessId, '+2348094440005');
    expect(more).toEqual([]);
    expect(await paymentsOf(member!.id)).toHaveLength(1);
    expect(await visitsOf(member!.id)).toHaveLength(1);
  });

  it('takes an Idempotency-Key of the longest length allowed (100 characters)', async () => {
    const key = 'k'.repeat(100);
    const body = { mobile_number: '08094440015' };
    const first = await sell(g.owner, body, key);
    const again = await sell(g.owner, body, key);
    expect([first.statusCode, again.statusCode], first.body).toEqual([201, 200]);
    expect(json(again).data.payment.id).toBe(json(first).data.payment.id);
  });

  it('refuses bad details with the member form’s words, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile_number: '12345678901' }, 'mobile_number'],
      [{ mobile_number: '0809' }, 'mobile_number'],
      [{ first_name: '\u200b\u200b' }, 'first_name'],
      [{ last_name: 'x'.repeat(100_000) }, 'last_name'],
      [{ first_name: 'Ada\u0000' }, 'first_name'],
      [{ method: 'Bitcoin' }, 'method'],
      [{ check_in: 'yes' }, 'check_in'],
    ];
    const before = (await t.db.select().from(members)).length;
    for (const [body, field] of cases) {
      const res = await sell(g.owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(json(res).errors ?? {}), field).toContain(field);
    }
    expect(json(await sell(g.owner, { mobile_number: '12345678901' })).message).toBe(
      'Enter a valid Nigerian phone number',
    );
    expect((await t.db.select().from(members)).length).toBe(before);
  });

  it('refuses Paystack until the gym has connected it', async () => {
    const res = await sell(g.owner, { method: 'Paystack', mobile_number: '08094440006' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Connect your Paystack account in Settings → Payments first.');
    expect(await membersWithPhone(g.owner.businessId, '+2348094440006')).toEqual([]);
  });

  it('with Paystack: answers a payment link and its QR, and records no payment yet', async () => {
    await connectPaystack(t, paystack, g.owner.token, LOOPBACK_PAYSTACK_KEYS[0]);
    const res = await sell(
      g.owner,
      { method: 'Paystack', mobile_number: '08094440007', check_in: true },
      'paystack-pass',
    );
    expect(res.statusCode).toBe(201);
    const { member, payment, payment_link, check_in } = json(res).data;
    expect(member.is_walk_in).toBe(true);
    expect(payment).toBeNull();
    expect(check_in).toBeNull();
    expect(payment_link.url).toMatch(/^http:\/\/kora\.test\/pay\/kora-[0-9a-f]{24}$/);
    expect(payment_link.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(await paymentsOf(member.id)).toEqual([]);
    expect(await visitsOf(member.id)).toEqual([]);
    const again = await sell(
      g.owner,
      { method: 'Paystack', mobile_number: '08094440007', check_in: true },
      'paystack-pass',
    );
    expect(json(again).data.payment_link.url).toBe(payment_link.url);
  });
});

describe('walk-ins in the members list and the prospects group', () => {
  const prospects = async (tenant: Tenant) =>
    json(
      await call(t.app, 'GET', '/v1/comms/audience?group=all_prospects&channel=sms', {
        token: tenant.token,
      }),
    ).data.recipients as number;

  it('counts a day-pass walk-in as a prospect until they buy a longer plan', async () => {
    const gym = g.none;
    const plan = await addPlan(t, gym.token, {
      name: 'One day',
      duration: 1,
      duration_type: 'day',
    });
    await setDayPassPlan(gym, plan.id);
    const before = await prospects(gym);
    const walkIn = json(await sell(gym, { mobile_number: '08094440008' })).data.member;
    expect(await prospects(gym)).toBe(before + 1);
    // A second day pass keeps them a prospect.
    await sell(gym, { mobile_number: '08094440008' });
    expect(await prospects(gym)).toBe(before + 1);
    const monthly = await addPlan(t, gym.token, { name: 'Monthly', amount: 25000 });
    await pay(t, gym, paymentBody(walkIn.id, monthly.id, 25000));
    expect(await prospects(gym)).toBe(before);
  });

  it('lists only the walk-ins with kind=walk_in, with the right total', async () => {
    const mine = await call(t.app, 'GET', '/v1/member?kind=walk_in&per_page=100', {
      token: g.owner.token,
    });
    expect(mine.statusCode).toBe(200);
    const rows = json(mine).data as { is_walk_in: boolean; mobile_number: string }[];
    const stored = await t.db
      .select()
      .from(members)
      .where(and(eq(members.businessId, g.owner.businessId), eq(members.isWalkIn, true)));
    expect(rows.length).toBe(stored.length);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((r) => r.is_walk_in)).toBe(true);
    expect(json(mine).meta.total).toBe(stored.length);
    const searched = await call(t.app, 'GET', '/v1/member?kind=walk_in&search=08094440002', {
      token: g.owner.token,
    });
    expect(json(searched).data.map((m: { mobile_number: string }) => m.mobile_number)).toEqual([
      '+2348094440002',
    ]);
    const known = await call(t.app, 'GET', '/v1/member?kind=walk_in&search=08094440003', {
      token: g.owner.token,
    });
    expect(json(known).data).toEqual([]);
    const all = await call(t.app, 'GET', '/v1/member?kind=all&per_page=100', {
      token: g.owner.token,
    });
    expect(json(all).meta.total).toBeGreaterThan(stored.length);
    expect(
      (await call(t.app, 'GET', '/v1/member?kind=regular', { token: g.owner.token })).statusCode,
    ).toBe(400);
  });
});
