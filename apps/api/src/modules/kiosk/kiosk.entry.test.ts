import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_ENTRY_MESSAGES } from '@kora/shared';
import { members, users, visits } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { call, json, type TestApp } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { signInMember } from '../../test/portal';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { KIOSK_TYPED_RATE_LIMIT } from './kiosk.service';

/*
 * What the kiosk takes: cards only by default; a typed phone or member ID only where the gym
 * allows it, and only with the member's PIN; failed typed entries counted per business, and
 * leaving the kiosk counted per account, however many kiosks are opened.
 */

const asKiosk = (token: string) => ({ authorization: `Kiosk ${token}` });
const scan = (t: TestApp, token: string, code: string, pin?: string) =>
  call(t.app, 'POST', '/v1/kiosk/check-in', {
    headers: asKiosk(token),
    body: pin === undefined ? { code } : { code, pin },
  });
const openKiosk = async (t: TestApp, tenant: Tenant) => {
  const res = await call(t.app, 'POST', '/v1/kiosk/open', { token: tenant.token });
  expect(res.statusCode).toBe(201);
  return json(res).data.token as string;
};
const visitsOf = (t: TestApp, memberId: number) =>
  t.db.select().from(visits).where(eq(visits.memberId, memberId));
const setTyped = (t: TestApp, tenant: Tenant, typed: boolean) =>
  call(t.app, 'PUT', '/v1/settings/kiosk-entry', {
    token: tenant.token,
    body: { typed_entry: typed },
  });
const setPin = (t: TestApp, tenant: Tenant, memberId: number, pin: unknown) =>
  call(t.app, 'PUT', `/v1/member/${memberId}/kiosk-pin`, { token: tenant.token, body: { pin } });

const RED = {
  tone: 'red',
  text: 'Please see the front desk',
  first_name: null,
  picture_url: null,
};

describe('typed entry at the kiosk', () => {
  const t = useTestApp();
  const g = useTenants(t, {
    owner: { code: 'KTA' },
    staff: { role: 'staff', of: 'owner' },
    other: { code: 'KTB' },
  });
  let plan: { id: number; amount: number };
  beforeAll(async () => {
    plan = await addPlan(t, g.owner.token, { duration: 30, duration_type: 'day', amount: 20000 });
  });
  const paidMember = async (overrides: Record<string, unknown> = {}) => {
    const m = await addMember(t, g.owner.token, overrides);
    await pay(t, g.owner, paymentBody(m.id, plan.id, plan.amount));
    return m;
  };

  it('is off by default: the kiosk takes cards only and says so, showing and recording nothing', async () => {
    const token = await openKiosk(t, g.owner);
    const info = await call(t.app, 'GET', '/v1/kiosk', { headers: asKiosk(token) });
    expect(json(info).data.typed_entry).toBe(false);
    const m = await paidMember({ first_name: 'Ngozi', mobile_number: '08035551101' });
    for (const code of ['08035551101', m.member_id, String(Number(m.member_id.split('-')[1]))]) {
      const res = await scan(t, token, code, '1234');
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(KIOSK_ENTRY_MESSAGES.cardsOnly);
      expect(res.body).not.toContain('Ngozi');
    }
    expect(await visitsOf(t, m.id)).toEqual([]);
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    const card = await scan(t, token, row!.cardCode!);
    expect(json(card).data).toMatchObject({ tone: 'green', first_name: 'Ngozi' });
  });

  it('is for owners and admins to switch on', async () => {
    expect((await setTyped(t, g.staff, true)).statusCode).toBe(403);
    const on = await setTyped(t, g.owner, true);
    expect(on.statusCode).toBe(200);
    expect(json(on).data).toEqual({ typed_entry: true });
    const read = await call(t.app, 'GET', '/v1/settings/kiosk-entry', { token: g.owner.token });
    expect(json(read).data).toEqual({ typed_entry: true });
    const bad = await call(t.app, 'PUT', '/v1/settings/kiosk-entry', {
      token: g.owner.token,
      body: { typed_entry: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs the PIN: without it 400, a wrong one red with nothing shown or recorded', async () => {
    expect((await setTyped(t, g.owner, true)).statusCode).toBe(200);
    const token = await openKiosk(t, g.owner);
    const m = await paidMember({ first_name: 'Bola', mobile_number: '08035551102' });
    const none = await scan(t, token, '08035551102');
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe(KIOSK_ENTRY_MESSAGES.pinNeeded);
    // No PIN set yet: no PIN matches.
    expect(json(await scan(t, token, '08035551102', '1234')).data).toEqual(RED);
    expect((await setPin(t, g.staff, m.id, '2468')).statusCode).toBe(200);
    for (const wrong of ['1234', '24680', '8642'])
      expect(json(await scan(t, token, '08035551102', wrong)).data).toEqual(RED);
    expect(await visitsOf(t, m.id)).toEqual([]);
    const right = await scan(t, token, '0803 555 1102', '2468');
    expect(json(right).data).toMatchObject({ tone: 'green', first_name: 'Bola' });
    expect(await visitsOf(t, m.id)).toHaveLength(1);
    // Kept hashed, never as typed.
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.kioskPinHash).toMatch(/^\$argon2id\$/);
  });

  it('takes a PIN of 4 to 6 digits, for a member of this business only', async () => {
    const m = await addMember(t, g.owner.token);
    for (const pin of ['123', '1234567', 'abcd', '', 12345, null]) {
      const res = await setPin(t, g.owner, m.id, pin);
      expect(res.statusCode, JSON.stringify(pin)).toBe(400);
      expect(json(res).errors.pin).toBe(KIOSK_ENTRY_MESSAGES.pin);
    }
    const theirs = await addMember(t, g.other.token);
    expect((await setPin(t, g.owner, theirs.id, '1234')).statusCode).toBe(404);
    expect((await setPin(t, g.owner, 2_000_000_000, '1234')).statusCode).toBe(404);
  });

  it('takes the PIN the member set on their own page', async () => {
    expect((await setTyped(t, g.owner, true)).statusCode).toBe(200);
    const token = await openKiosk(t, g.owner);
    const m = await paidMember({ first_name: 'Kemi', mobile_number: '08035551103' });
    const member = await signInMember(t, g.owner.code, m.mobile_number);
    const res = await call(t.app, 'PUT', `/v1/portal/${g.owner.code}/me/kiosk-pin`, {
      token: member,
      body: { pin: '135790' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const typed = await scan(t, token, m.member_id, '135790');
    expect(json(typed).data).toMatchObject({ tone: 'green', first_name: 'Kemi' });
  });

  it('counts failed typed entries per business: more kiosks give no more tries, cards still work', async () => {
    const tenant = g.other;
    expect((await setTyped(t, tenant, true)).statusCode).toBe(200);
    const kiosks = await Promise.all([1, 2, 3].map(() => openKiosk(t, tenant)));
    let tries = 0;
    // Each kiosk under its own limit, the business over its.
    while (tries < KIOSK_TYPED_RATE_LIMIT.perEmail) {
      const res = await scan(t, kiosks[tries % 3]!, `0803555${String(2000 + tries)}`, '1111');
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toEqual(RED);
      tries++;
    }
    const fresh = await openKiosk(t, tenant);
    const limited = await scan(t, fresh, '08035559999', '1111');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Cards are not typed entries.
    const m = await addMember(t, tenant.token, { first_name: 'Ada' });
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect((await scan(t, fresh, row!.cardCode!)).statusCode).toBe(200);
  });
});

describe('leaving the kiosk, per account', () => {
  const t = useTestApp({ rateLimit: { perIp: 100, perEmail: 3, windowMinutes: 15 } });
  const g = useTenants(t, { owner: { code: 'KXA' }, staff: { role: 'staff', of: 'owner' } });
  const OWNER_PASSWORD = 'gym-owner-pass-9';
  beforeAll(async () => {
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(OWNER_PASSWORD) })
      .where(eq(users.id, g.owner.userId));
  });
  const exit = (token: string, password: string) =>
    call(t.app, 'POST', '/v1/kiosk/exit', { headers: asKiosk(token), body: { password } });

  it('opening another kiosk gives no more tries, and the tries count as sign-in attempts', async () => {
    const first = await openKiosk(t, g.staff);
    for (let i = 0; i < 3; i++) expect((await exit(first, 'wrong-password')).statusCode).toBe(401);
    const second = await openKiosk(t, g.staff);
    const limited = await exit(second, OWNER_PASSWORD);
    expect(limited.statusCode).toBe(429);
    const signIn = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: g.owner.email, password: OWNER_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
  });
});
