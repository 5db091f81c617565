import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import {
  auditEntries,
  memberConsents,
  memberSessions,
  members,
  paymentLinks,
  payments,
  subscriptions,
} from '../../db/schema';
import { call, json } from '../../test/app';
import { useTestApp, useTenants } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from '../../test/loopback-paystack';
import { connectPaystack, useLoopbackPaystack } from '../../test/online';
import { pay, paymentBody, setSubscriptionDates } from '../../test/payments';
import { portalCodeSentTo, signInMember } from '../../test/portal';
import { addGroupPlan, addMember, addPlan } from '../../test/tenants';

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const tenants = useTenants(t, {
  owner: { name: 'Iron Temple' },
  other: { name: 'Bronze Gym' },
});

let n = 0;
const freshMember = (token: string, overrides: Record<string, unknown> = {}) =>
  addMember(t, token, {
    first_name: 'Ada',
    last_name: 'Obi',
    mobile_number: `0806${String(4000000 + ++n).padStart(7, '0')}`,
    email_address: `portal.${n}@example.com`,
    ...overrides,
  });

const portal = (code: string, path: string) => `/v1/portal/${code}${path}`;
const get = (token: string, path: string, code = tenants.owner.code) =>
  call(t.app, 'GET', portal(code, path), { token });
const send = (
  method: 'POST' | 'PATCH',
  token: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => call(t.app, method, portal(tenants.owner.code, path), { token, body, headers });

let monthly: { id: number };

beforeAll(async () => {
  monthly = await addPlan(t, tenants.owner.token, {
    name: 'Monthly',
    amount: 25000,
    available_online: true,
    freeze_allowed: true,
  });
});

describe('who may call', () => {
  let member: { id: number; email_address: string };
  let token: string;
  beforeAll(async () => {
    member = await freshMember(tenants.owner.token);
    token = await signInMember(t, tenants.owner.code, member.email_address);
  });

  it("answers the member's own page to their token", async () => {
    const res = await get(token, '/me');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses no token, a staff token, and a member token on a staff call', async () => {
    expect((await get('', '/me')).statusCode).toBe(401);
    const staff = await get(tenants.owner.token, '/me');
    expect(staff.statusCode).toBe(401);
    expect(json(staff).code).toBe('UNAUTHORIZED');
    for (const url of ['/v1/member', `/v1/member/${member.id}`, '/v1/auth/me', '/v1/payment']) {
      const res = await call(t.app, 'GET', url, { token });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("refuses a member token of one gym on another gym's page, like no token", async () => {
    const elsewhere = await get(token, '/me', tenants.other.code);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.body).toBe((await get('', '/me', tenants.other.code)).body);
    expect((await get(token, '/me', 'NOSUCH')).statusCode).toBe(401);
  });

  it('refuses the token once signed out, and a deactivated member’s', async () => {
    const other = await freshMember(tenants.owner.token);
    const first = await signInMember(t, tenants.owner.code, other.email_address);
    const second = await signInMember(t, tenants.owner.code, other.email_address);
    const out = await send('POST', first, '/sign-out');
    expect(out.statusCode).toBe(204);
    expect((await get(first, '/me')).statusCode).toBe(401);
    // Signing out ends this device's session only.
    expect((await get(second, '/me')).statusCode).toBe(200);
    const sessions = await t.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.memberId, other.id));
    expect(sessions.filter((s) => s.revokedAt !== null)).toHaveLength(1);
    await t.db.update(members).set({ isActive: false }).where(eq(members.id, other.id));
    expect((await get(second, '/me')).statusCode).toBe(401);
  });

  it("refuses an erased member's token", async () => {
    const erased = await freshMember(tenants.owner.token);
    const token = await signInMember(t, tenants.owner.code, erased.email_address);
    const res = await call(t.app, 'POST', `/v1/member/${erased.id}/erase`, {
      token: tenants.owner.token,
      body: { confirm: erased.member_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(token, '/me')).statusCode).toBe(401);
  });
});

describe('GET me', () => {
  it("shows the desk's verdict, the plan's dates, visits and payments", async () => {
    const member = await freshMember(tenants.owner.token, { first_name: 'Chidi' });
    const paid = await pay(t, tenants.owner, paymentBody(member.id, monthly.id, 25000));
    const today = lagosDay();
    await setSubscriptionDates(t, paid.subscription.id, today, addDays(today, 22));
    const visit = await call(t.app, 'POST', '/v1/check-in', {
      token: tenants.owner.token,
      body: { member_id: member.id },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const token = await signInMember(t, tenants.owner.code, member.mobile_number);
    const res = await get(token, '/me');
    expect(res.statusCode, res.body).toBe(200);
    const me = json(res).data;
    expect(me.visits).toEqual([{ visited_at: json(visit).data.visit.visited_at }]);
    expect(me.business).toEqual({
      name: 'Iron Temple',
      code: tenants.owner.code,
      logo_url: null,
      paystack_connected: false,
    });
    expect(me.member).toMatchObject({
      first_name: 'Chidi',
      member_id: member.member_id,
      mobile_number: member.mobile_number,
      marketing_consent: 'not_asked',
    });
    expect(me.verdict).toEqual({ tone: 'green', title: 'Active, 22 days left' });
    expect(me.current).toEqual({
      plan_name: 'Monthly',
      start_date: today,
      expiry_date: addDays(today, 22),
      covered_by: null,
      covers: [],
    });
    expect(me.payments).toHaveLength(1);
    expect(me.payments[0]).toMatchObject({
      amount: 25000,
      plan_name: 'Monthly',
      voided: false,
      refunded: false,
    });
    expect(me.payments[0].receipt_url).toMatch(/\/r\/[A-Za-z0-9_-]+$/);
    expect(me.freezes).toEqual([]);
    expect(me.erasure_requested).toBe(false);
  });

  it('shows group cover both ways: who pays, and whom the plan covers', async () => {
    const duo = await addGroupPlan(t, tenants.owner.token, 2, { name: 'Couple' });
    const payer = await freshMember(tenants.owner.token, { first_name: 'Ngozi', last_name: 'Eze' });
    const partner = await freshMember(tenants.owner.token, {
      first_name: 'Emeka',
      last_name: 'Eze',
    });
    await pay(
      t,
      tenants.owner,
      paymentBody(payer.id, duo.id, 30000, { group_member_ids: [partner.id] }),
    );
    const payerMe = json(
      await get(await signInMember(t, tenants.owner.code, payer.email_address), '/me'),
    ).data;
    expect(payerMe.current).toMatchObject({ plan_name: 'Couple', covers: ['Emeka Eze'] });
    const partnerMe = json(
      await get(await signInMember(t, tenants.owner.code, partner.email_address), '/me'),
    ).data;
    expect(partnerMe.current).toMatchObject({
      plan_name: 'Couple',
      covered_by: 'Ngozi Eze',
      covers: [],
    });
    expect(partnerMe.verdict.tone).toBe('green');
  });

  it('says "Frozen until …" while a freeze runs, and lists the freeze', async () => {
    const member = await freshMember(tenants.owner.token);
    await pay(t, tenants.owner, paymentBody(member.id, monthly.id, 25000));
    const today = lagosDay();
    const frozen = await call(t.app, 'POST', `/v1/member/${member.id}/freeze`, {
      token: tenants.owner.token,
      body: { start_date: today, end_date: addDays(today, 9), reason: 'Travelling' },
    });
    expect(frozen.statusCode, frozen.body).toBe(201);
    const me = json(
      await get(await signInMember(t, tenants.owner.code, member.email_address), '/me'),
    ).data;
    expect(me.verdict.tone).toBe('red');
    expect(me.verdict.title).toMatch(/^Frozen until \d+ [A-Z][a-z]+/);
    expect(me.freezes).toHaveLength(1);
    expect(me.freezes[0]).toMatchObject({ status: 'approved', days: 10 });
  });
});

describe('GET plans', () => {
  it('lists only active individual plans available online', async () => {
    const gym = await import('../../test/tenants').then((m) => m.createTenant(t));
    const online = await addPlan(t, gym.token, { name: 'Online monthly', available_online: true });
    await addPlan(t, gym.token, { name: 'Desk only' });
    const retired = await addPlan(t, gym.token, { name: 'Retired', available_online: true });
    await call(t.app, 'PATCH', `/v1/subscription-type/${retired.id}`, {
      token: gym.token,
      body: { is_active: 0 },
    });
    await addGroupPlan(t, gym.token, 3, { name: 'Family', available_online: true });
    const member = await freshMember(gym.token);
    const token = await signInMember(t, gym.code, member.email_address);
    const res = await get(token, '/plans', gym.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({
      paystack_connected: false,
      plans: [
        {
          id: online.id,
          name: 'Online monthly',
          amount: 25000,
          duration: 1,
          duration_type: 'month',
        },
      ],
    });
  });
});

describe('POST pay', () => {
  it('answers 409 when the gym does not take payments online', async () => {
    const member = await freshMember(tenants.other.token);
    const token = await signInMember(t, tenants.other.code, member.email_address);
    const res = await call(t.app, 'POST', portal(tenants.other.code, '/pay'), {
      token,
      body: { subscription_type_id: 1, duration: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('This gym does not take payments online yet.');
  });

  it('records exactly one payment and the new end date, sent twice and reported twice', async () => {
    const [key] = LOOPBACK_PAYSTACK_KEYS;
    await connectPaystack(t, paystack, tenants.owner.token, key!);
    const member = await freshMember(tenants.owner.token);
    const paid = await pay(t, tenants.owner, paymentBody(member.id, monthly.id, 25000));
    const today = lagosDay();
    await setSubscriptionDates(t, paid.subscription.id, addDays(today, -20), addDays(today, 9));
    const token = await signInMember(t, tenants.owner.code, member.email_address);
    // A plan not sold online is refused.
    const desk = await addPlan(t, tenants.owner.token, { name: 'Desk plan' });
    const refused = await send('POST', token, '/pay', {
      subscription_type_id: desk.id,
      duration: 1,
    });
    expect(refused.statusCode).toBe(400);

    const body = { subscription_type_id: monthly.id, duration: 2 };
    const first = await send('POST', token, '/pay', body, { 'idempotency-key': 'renew-1' });
    const again = await send('POST', token, '/pay', body, { 'idempotency-key': 'renew-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json(again).data).toEqual(json(first).data);
    const { reference, pay_url } = json(first).data;
    expect(pay_url).toMatch(new RegExp(`/pay/${reference}$`));
    const links = await t.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.memberId, member.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.amountKobo).toBe(25000 * 100 * 2);
    expect(links[0]!.createdBy).toBeNull();
    // A key of the longest length allowed is taken like any other.
    const longKey = await send('POST', token, '/pay', body, { 'idempotency-key': 'k'.repeat(100) });
    expect(longKey.statusCode, longKey.body).toBe(201);
    expect(json(longKey).data.reference).not.toBe(reference);

    // Paystack's webhook reports it, then the member comes back and the page verifies it.
    await paystack.pay(reference, { secretKey: key });
    await t.app.inject({ method: 'GET', url: `/pay/${reference}?reference=${reference}` });
    await paystack.pay(reference, { secretKey: key }).catch(() => undefined);
    const recorded = await t.db.select().from(payments).where(eq(payments.memberId, member.id));
    // The desk's payment and the one paid online; the second link, never paid, records nothing.
    expect(recorded).toHaveLength(2);
    const renewal = (
      await t.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id))
    ).sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(renewal).toHaveLength(2);
    expect(renewal[1]!.startDate).toBe(addDays(today, 10));
    const me = json(await get(token, '/me')).data;
    expect(me.current.expiry_date).toBe(renewal[1]!.expiryDate);
    expect(me.payments).toHaveLength(2);
    // The link's entry names the member as the one who made it.
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.memberId, member.id), eq(auditEntries.action, 'payment_link.create')),
      );
    expect(entry!.actorKind).toBe('member');
  });
});

describe('PATCH me', () => {
  it('saves the details and writes each change to the audit trail as the member', async () => {
    const member = await freshMember(tenants.owner.token, { home_address: null });
    const token = await signInMember(t, tenants.owner.code, member.email_address);
    // Fields a member may not change (their name, their account) are ignored.
    const res = await send('PATCH', token, '/me', {
      home_address: '4 Bode Thomas Street, Surulere',
      emergency_contact_name: 'Kemi Obi',
      reminders_opt_out: true,
      marketing_consent: 'yes',
      first_name: 'Hacker',
      is_active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = json(res).data;
    expect(me.member).toMatchObject({
      first_name: 'Ada',
      home_address: '4 Bode Thomas Street, Surulere',
      emergency_contact_name: 'Kemi Obi',
      reminders_opt_out: true,
      marketing_consent: 'yes',
    });
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.memberId, member.id), eq(auditEntries.action, 'member.update')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorKind).toBe('member');
    expect(entries[0]!.changes).toMatchObject({
      home_address: { from: null, to: '4 Bode Thomas Street, Surulere' },
      emergency_contact_name: { from: null, to: 'Kemi Obi' },
      reminders_opt_out: { from: false, to: true },
    });
    const consents = await t.db
      .select()
      .from(memberConsents)
      .where(eq(memberConsents.memberId, member.id));
    expect(consents.map((c) => [c.choice, c.source])).toEqual([['yes', 'member']]);
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(row!.isActive).toBe(true);
  });

  it('refuses bad input with the field’s words, and stores nothing', async () => {
    const member = await freshMember(tenants.owner.token);
    const token = await signInMember(t, tenants.owner.code, member.email_address);
    for (const body of [
      { email_address: 'not-an-email' },
      { home_address: 'x'.repeat(100_000) },
      { emergency_contact_name: 'Kemi\u0000Obi' },
      { marketing_consent: 'maybe' },
      { reminders_opt_out: 'yes' },
      {},
    ]) {
      const res = await send('PATCH', token, '/me', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(json(res).message).toBeTruthy();
    }
    // A `__proto__` key (sent as text: a literal would set the prototype) is refused too.
    const proto = await send(
      'PATCH',
      token,
      '/me',
      '{"home_address":"1 Broad Street","__proto__":{"is_active":false}}',
      { 'content-type': 'application/json' },
    );
    expect(proto.statusCode).toBe(400);
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(row!.emailAddress).toBe(member.email_address);
    expect(row!.homeAddress).not.toBe('1 Broad Street');
    expect(row!.isActive).toBe(true);
  });
});

describe('changing the phone number', () => {
  it('needs the code sent to the new number', async () => {
    const member = await freshMember(tenants.owner.token);
    const token = await signInMember(t, tenants.owner.code, member.email_address);
    const asked = await send('POST', token, '/me/phone', { mobile_number: '0807 111 2233' });
    expect(asked.statusCode, asked.body).toBe(202);
    const code = (await portalCodeSentTo(t, '+2348071112233'))!;
    expect(code).toMatch(/^\d{6}$/);
    // A code sent to the member's own e-mail (a sign-in code) does not change the phone.
    await signInMember(t, tenants.owner.code, member.email_address);
    const signInCode = (await portalCodeSentTo(t, member.email_address))!;
    if (signInCode !== code) {
      const wrong = await send('POST', token, '/me/phone/verify', {
        mobile_number: '08071112233',
        code: signInCode,
      });
      expect(wrong.statusCode).toBe(422);
    }
    // The code of the new number for another number is refused.
    const other = await send('POST', token, '/me/phone/verify', {
      mobile_number: '08071119999',
      code,
    });
    expect(other.statusCode).toBe(422);
    const res = await send('POST', token, '/me/phone/verify', {
      mobile_number: '+234 807 111 2233',
      code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.member.mobile_number).toBe('+2348071112233');
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.memberId, member.id), eq(auditEntries.action, 'member.update')));
    expect(entry!.actorKind).toBe('member');
    expect(entry!.changes).toMatchObject({
      mobile_number: { from: member.mobile_number, to: '+2348071112233' },
    });
  });
});

describe('freeze, data and erasure', () => {
  it('sends a freeze request once per Idempotency-Key', async () => {
    const member = await freshMember(tenants.owner.token);
    await pay(t, tenants.owner, paymentBody(member.id, monthly.id, 25000));
    const token = await signInMember(t, tenants.owner.code, member.email_address);
    const today = lagosDay();
    const body = { start_date: addDays(today, 2), end_date: addDays(today, 8), reason: 'Exams' };
    const first = await send('POST', token, '/freeze-request', body, { 'idempotency-key': 'f-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first).data).toMatchObject({
      status: 'requested',
      requested_by: 'member',
      days: 7,
    });
    const again = await send('POST', token, '/freeze-request', body, { 'idempotency-key': 'f-1' });
    expect(json(again).data.id).toBe(json(first).data.id);
    const bad = await send('POST', token, '/freeze-request', { ...body, end_date: '2020-13-01' });
    expect(bad.statusCode).toBe(400);
  });

  it("downloads the member's own data, and sends an erasure request", async () => {
    const member = await freshMember(tenants.owner.token, { first_name: 'Funmi' });
    const token = await signInMember(t, tenants.owner.code, member.email_address);
    const res = await get(token, '/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(new TextDecoder().decode(files['member.json'])).toContain('Funmi');

    const erase = await send('POST', token, '/erase-request');
    expect(erase.statusCode, erase.body).toBe(202);
    expect(json(await get(token, '/me')).data.erasure_requested).toBe(true);
  });
});
