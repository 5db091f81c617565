import { addDays, lagosDay, pathOf } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { kioskTokens, members, users, visits } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { call, json, type TestApp } from '../../test/app';
import { CONTRACT_GROUPS } from '../../test/contracts';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody, setSubscriptionDates } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';

const asKiosk = (token: string) => ({ authorization: `Kiosk ${token}` });

const kioskCall = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => call(t.app, method, url, { headers: asKiosk(token), body });

const scan = (t: TestApp, token: string, code: string, pin?: string) =>
  kioskCall(t, token, 'POST', '/v1/kiosk/check-in', pin === undefined ? { code } : { code, pin });

/** The PIN the members of these tests type with their phone or member ID. */
const PIN = '4321';

const openKiosk = async (t: TestApp, tenant: Tenant) => {
  const res = await call(t.app, 'POST', '/v1/kiosk/open', { token: tenant.token });
  expect(res.statusCode).toBe(201);
  return json(res).data as { kiosk: { id: number; name: string }; token: string };
};

const visitsOf = (t: TestApp, memberId: number) =>
  t.db.select().from(visits).where(eq(visits.memberId, memberId));

const cardOf = async (t: TestApp, memberId: number) =>
  (await t.db.select().from(members).where(eq(members.id, memberId)))[0]!.cardCode!;

describe('kiosks in Settings', () => {
  const t = useTestApp();
  const g = useTenants(t, {
    owner: { code: 'KSA' },
    staff: { role: 'staff', of: 'owner' },
    other: { code: 'KSB' },
  });

  it('creates a kiosk whose token is answered once and lists it without the token', async () => {
    const res = await call(t.app, 'POST', '/v1/settings/kiosks', {
      token: g.owner.token,
      body: { name: '  Front door ' },
    });
    expect(res.statusCode).toBe(201);
    const { kiosk, token } = json(res).data;
    expect(kiosk).toMatchObject({ name: 'Front door', created_by: 'Ada Okafor' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(kioskTokens).where(eq(kioskTokens.id, kiosk.id));
    expect(row!.tokenHash).not.toContain(token);
    const list = await call(t.app, 'GET', '/v1/settings/kiosks', { token: g.owner.token });
    expect(json(list).data).toEqual([
      {
        id: kiosk.id,
        name: 'Front door',
        created_by: 'Ada Okafor',
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(token);
  });

  it('answers the same kiosk for the same Idempotency-Key, with a new token that works', async () => {
    const send = () =>
      call(t.app, 'POST', '/v1/settings/kiosks', {
        token: g.owner.token,
        body: { name: 'Side door' },
        headers: { 'idempotency-key': 'kiosk-side-door' },
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(json(again).data.kiosk.id).toBe(json(first).data.kiosk.id);
    expect((await kioskCall(t, json(again).data.token, 'GET', '/v1/kiosk')).statusCode).toBe(200);
    expect((await kioskCall(t, json(first).data.token, 'GET', '/v1/kiosk')).statusCode).toBe(401);
  });

  it('refuses a name that is blank, invisible or too long', async () => {
    for (const name of ['', '\u200b\u200b\u200b', 'x'.repeat(61), 'Door\u0000']) {
      const res = await call(t.app, 'POST', '/v1/settings/kiosks', {
        token: g.owner.token,
        body: { name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
    }
  });

  it('lets staff open a kiosk at the desk but not manage kiosks', async () => {
    const opened = await openKiosk(t, g.staff);
    expect(opened.kiosk.name).toBe('Front desk kiosk');
    expect(opened.kiosk).toMatchObject({ created_by: 'Ada Okafor' });
    for (const [method, url] of [
      ['GET', '/v1/settings/kiosks'],
      ['POST', '/v1/settings/kiosks'],
      ['DELETE', `/v1/settings/kiosks/${opened.kiosk.id}`],
    ] as const) {
      const res = await call(t.app, method, url, { token: g.staff.token, body: { name: 'Door' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('switches a kiosk off from Settings: it stops at its next call and leaves the list', async () => {
    const { kiosk, token } = await openKiosk(t, g.owner);
    expect((await kioskCall(t, token, 'GET', '/v1/kiosk')).statusCode).toBe(200);
    const off = await call(t.app, 'DELETE', `/v1/settings/kiosks/${kiosk.id}`, {
      token: g.owner.token,
    });
    expect(off.statusCode).toBe(200);
    const refused = await kioskCall(t, token, 'GET', '/v1/kiosk');
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toMatchObject({
      code: 'KIOSK_SWITCHED_OFF',
      message: 'This kiosk was switched off. Ask the front desk to open it again.',
    });
    const list = json(await call(t.app, 'GET', '/v1/settings/kiosks', { token: g.owner.token }));
    expect(list.data.map((k: { id: number }) => k.id)).not.toContain(kiosk.id);
  });

  it("answers 404 for another business's kiosk, exactly like a missing one, and leaves it on", async () => {
    const { kiosk, token } = await openKiosk(t, g.owner);
    for (const id of [kiosk.id, 999_999]) {
      const res = await call(t.app, 'DELETE', `/v1/settings/kiosks/${id}`, {
        token: g.other.token,
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Kiosk not found.');
    }
    expect((await kioskCall(t, token, 'GET', '/v1/kiosk')).statusCode).toBe(200);
    const list = json(await call(t.app, 'GET', '/v1/settings/kiosks', { token: g.other.token }));
    expect(list.data).toEqual([]);
  });
});

describe('the kiosk token', () => {
  const t = useTestApp();
  const g = useTenants(t, { owner: { code: 'KTA' }, staff: { role: 'staff', of: 'owner' } });
  let token = '';
  beforeAll(async () => {
    token = (await openKiosk(t, g.staff)).token;
  });

  it('answers its business and its own name', async () => {
    const res = await kioskCall(t, token, 'GET', '/v1/kiosk');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      business_name: 'Iron Paradise Gym',
      business_logo_url: null,
      kiosk_name: 'Front desk kiosk',
      typed_entry: false,
    });
  });

  it('is refused by every other call of the API, as a call without a session', async () => {
    const refused: string[] = [];
    for (const [, calls] of CONTRACT_GROUPS)
      for (const c of Object.values(calls) as { access: string; method: string; path: string }[]) {
        if (c.access === 'public' || c.access === 'kiosk') continue;
        const params = Object.fromEntries(
          [...c.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 1]),
        );
        const res = await t.app.inject({
          method: c.method as 'GET',
          url: pathOf(c.path, params),
          headers: asKiosk(token),
          payload: c.method === 'GET' || c.method === 'DELETE' ? undefined : {},
        });
        if (res.statusCode !== 401 || json(res).code !== 'UNAUTHORIZED')
          refused.push(`${c.method} ${c.path}: ${res.statusCode} ${res.body}`);
      }
    expect(refused).toEqual([]);
  });

  it("refuses a staff member's session, no header and a made-up token at the kiosk's calls", async () => {
    for (const [method, url] of [
      ['GET', '/v1/kiosk'],
      ['POST', '/v1/kiosk/check-in'],
      ['POST', '/v1/kiosk/exit'],
    ] as const) {
      for (const headers of [
        { authorization: `Bearer ${g.staff.token}` },
        {},
        asKiosk('made-up-token'),
        asKiosk('x'.repeat(5000)),
        { authorization: `Bearer ${token}` },
      ]) {
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: { code: '1', password: 'x' },
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers).slice(0, 60)}`).toBe(
          401,
        );
      }
    }
  });

  it('cuts a scanner stuck in a loop before the database, with a wait in words', async () => {
    const other = (await openKiosk(t, g.owner)).token;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await kioskCall(t, other, 'GET', '/v1/kiosk'));
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(9);
    expect(json(refused[0]!).message).toBe(
      'Too many scans at once. Please wait a moment and try again.',
    );
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    // Another kiosk is not slowed down by it.
    expect((await kioskCall(t, token, 'GET', '/v1/kiosk')).statusCode).toBe(200);
  });
});

describe('checking in at the kiosk', () => {
  const t = useTestApp();
  const g = useTenants(t, { owner: { code: 'KCA' }, other: { code: 'KCB' } });
  let token = '';
  let plan: { id: number; amount: number };
  beforeAll(async () => {
    token = (await openKiosk(t, g.owner)).token;
    plan = await addPlan(t, g.owner.token, { duration: 30, duration_type: 'day', amount: 20000 });
    // Typed entry on: a phone or member ID with the member's PIN.
    const entry = await call(t.app, 'PUT', '/v1/settings/kiosk-entry', {
      token: g.owner.token,
      body: { typed_entry: true },
    });
    expect(entry.statusCode).toBe(200);
  });

  const paidMember = async (overrides: Record<string, unknown> = {}) => {
    const m = await addMember(t, g.owner.token, overrides);
    const set = await call(t.app, 'PUT', `/v1/member/${m.id}/kiosk-pin`, {
      token: g.owner.token,
      body: { pin: PIN },
    });
    expect(set.statusCode).toBe(200);
    const paid = await pay(t, g.owner, paymentBody(m.id, plan.id, plan.amount));
    return { ...m, subscriptionId: paid.subscription.id as number };
  };

  it('welcomes a green member by first name with the days left, records one visit per 2 hours', async () => {
    const m = await paidMember({ first_name: 'Ngozi', mobile_number: '0803 555 0101' });
    const res = await scan(t, token, await cardOf(t, m.id));
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      tone: 'green',
      text: 'Welcome, Ngozi — 29 days left',
      first_name: 'Ngozi',
      picture_url: null,
    });
    const [visit] = await visitsOf(t, m.id);
    expect(visit).toMatchObject({
      foundBy: 'kiosk',
      recordedByUserId: null,
      verdictStatus: 'active',
      subscriptionId: m.subscriptionId,
    });
    expect(visit!.kioskTokenId).toEqual(expect.any(Number));
    // The same member again, by phone in another form: the same welcome, nothing recorded.
    const again = await scan(t, token, '+2348035550101', PIN);
    expect(json(again).data.text).toBe('Welcome, Ngozi — 29 days left');
    expect(await visitsOf(t, m.id)).toHaveLength(1);
    // Its answer never carries the last name, the phone or dates.
    expect(again.body).not.toMatch(/Eze|0803|2348|\d{4}-\d{2}-\d{2}/);
  });

  it('records one visit for two scans of one card at the same moment', async () => {
    const m = await paidMember({ first_name: 'Sade' });
    const card = await cardOf(t, m.id);
    const answers = await Promise.all([scan(t, token, card), scan(t, token, card)]);
    expect(answers.map((r) => json(r).data.text)).toEqual([
      'Welcome, Sade — 29 days left',
      'Welcome, Sade — 29 days left',
    ]);
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });

  it('finds a member by their member ID in any case and by its number alone', async () => {
    const m = await paidMember({ first_name: 'Bola' });
    const res = await scan(t, token, m.member_id.toLowerCase(), PIN);
    expect(json(res).data).toMatchObject({ tone: 'green', first_name: 'Bola' });
    const n = await paidMember({ first_name: 'Kemi' });
    const byNumber = await scan(t, token, String(Number(n.member_id.split('-')[1])), PIN);
    expect(json(byNumber).data).toMatchObject({ tone: 'green', first_name: 'Kemi' });
  });

  it('records an amber member but sends them to the desk', async () => {
    const m = await paidMember({ first_name: 'Tunde' });
    await setSubscriptionDates(t, m.subscriptionId, addDays(lagosDay(), -29), lagosDay());
    const res = await scan(t, token, await cardOf(t, m.id));
    expect(json(res).data).toEqual({
      tone: 'amber',
      text: 'Please see the front desk',
      first_name: 'Tunde',
      picture_url: null,
    });
    expect(await visitsOf(t, m.id)).toMatchObject([{ verdictStatus: 'ends_today' }]);
  });

  it('records nothing for a red member and shows nothing of them', async () => {
    const expired = await paidMember({ first_name: 'Femi' });
    await setSubscriptionDates(t, expired.subscriptionId, '2026-01-01', '2026-01-30');
    const never = await addMember(t, g.owner.token, { first_name: 'Uche' });
    for (const m of [expired, never]) {
      const res = await scan(t, token, await cardOf(t, m.id));
      expect(json(res).data).toEqual({
        tone: 'red',
        text: 'Please see the front desk',
        first_name: null,
        picture_url: null,
      });
      expect(await visitsOf(t, m.id)).toEqual([]);
    }
  });

  it('sends several members sharing a phone to the desk and records nothing', async () => {
    const a = await paidMember({ mobile_number: '08035550202' });
    const b = await paidMember({ mobile_number: '08035550202' });
    const res = await scan(t, token, '0803 555 0202', PIN);
    expect(json(res).data).toEqual({
      tone: 'red',
      text: 'Please see the front desk',
      first_name: null,
      picture_url: null,
    });
    expect([...(await visitsOf(t, a.id)), ...(await visitsOf(t, b.id))]).toEqual([]);
  });

  it('refuses a name: it could find anyone', async () => {
    const res = await scan(t, token, 'Ngozi');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Scan your card or type your phone number');
  });

  it("answers another business's member exactly like an unknown code, and records nothing", async () => {
    const theirs = await addMember(t, g.other.token, { mobile_number: '08035550303' });
    const otherPlan = await addPlan(t, g.other.token);
    await pay(t, g.other, paymentBody(theirs.id, otherPlan.id, otherPlan.amount));
    const unknown = json(await scan(t, token, 'abcdefghijklmnopqrstuvwxyz'));
    for (const code of [await cardOf(t, theirs.id), '08035550303', theirs.member_id]) {
      const res = await scan(t, token, code, PIN);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(unknown);
    }
    expect(await visitsOf(t, theirs.id)).toEqual([]);
  });

  it('refuses an empty or oversized code', async () => {
    for (const code of ['', '   ', 'x'.repeat(101)]) {
      expect((await scan(t, token, code)).statusCode, JSON.stringify(code)).toBe(400);
    }
  });
});

describe('leaving the kiosk', () => {
  // Wrong passwords count against the kiosk and every account that may close it (their sign-in
  // count); a right one starts them over.
  const t = useTestApp({ rateLimit: { perIp: 30, perEmail: 4, windowMinutes: 15 } });
  const g = useTenants(t, {
    owner: { code: 'KEA' },
    staff: { role: 'staff', of: 'owner' },
    colleague: { role: 'staff', of: 'owner' },
    other: { code: 'KEB' },
  });

  // Everyone else keeps the tenants' shared password: theirs must not open the kiosk.
  const STAFF_PASSWORD = 'desk-staff-pass-1';
  const OWNER_PASSWORD = 'gym-owner-pass-2';
  beforeAll(async () => {
    for (const [tenant, password] of [
      [g.staff, STAFF_PASSWORD],
      [g.owner, OWNER_PASSWORD],
    ] as const)
      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, tenant.userId));
  });

  const exit = (token: string, password: string) =>
    kioskCall(t, token, 'POST', '/v1/kiosk/exit', { password });

  it("refuses a wrong password with sign-in's words and keeps the kiosk on", async () => {
    const { token } = await openKiosk(t, g.staff);
    for (const password of ['wrong-password', g.colleague.password, g.other.password]) {
      const res = await exit(token, password);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe('Invalid email or password. Please try again.');
    }
    expect((await kioskCall(t, token, 'GET', '/v1/kiosk')).statusCode).toBe(200);
  });

  it('with the password of who opened it: a fresh session, and the kiosk is switched off', async () => {
    const { kiosk, token } = await openKiosk(t, g.staff);
    const res = await exit(token, STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    const session = json(res).data;
    expect(session).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const me = await call(t.app, 'GET', '/v1/auth/me', { token: session.access_token });
    expect(json(me).data.email).toBe(g.staff.email);
    const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const [row] = await t.db.select().from(kioskTokens).where(eq(kioskTokens.id, kiosk.id));
    expect(row!.revokedAt).not.toBeNull();
    expect((await kioskCall(t, token, 'GET', '/v1/kiosk')).statusCode).toBe(401);
  });

  it("also takes an owner's password, signing the owner in", async () => {
    const { token } = await openKiosk(t, g.staff);
    const res = await exit(token, OWNER_PASSWORD);
    expect(res.statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/v1/auth/me', { token: json(res).data.access_token });
    expect(json(me).data.email).toBe(g.owner.email);
  });

  it('counts wrong passwords like sign-in does: past the limit, even the right one waits', async () => {
    const { token } = await openKiosk(t, g.owner);
    for (let i = 0; i < 4; i++) expect((await exit(token, 'wrong-password')).statusCode).toBe(401);
    const limited = await exit(token, OWNER_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect((await kioskCall(t, token, 'GET', '/v1/kiosk')).statusCode).toBe(200);
  });
});
