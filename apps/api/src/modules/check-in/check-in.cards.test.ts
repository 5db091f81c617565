import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, members, outbox, visits } from '../../db/schema';
import { call, expectPageLimitedPerIp, json, withTestApp } from '../../test/app';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { payForPeriod } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';

/*
 * Member cards, their public page, the day's visits and a member's visits, on a real database
 * with the clock fixed at 07:42 in Lagos on 27 November 2026.
 */
const NOW = new Date('2026-11-27T07:42:00+01:00');
useFixedClock(NOW);

const lines: string[] = [];
const t = useTestApp({ logLevel: 'info' }, { logStream: { write: (l) => void lines.push(l) } });
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'CARD', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'CAOT', name: 'Other Gym' },
});

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
});

const activeMember = async (tenant: Tenant, overrides: Record<string, unknown> = {}) => {
  const member = await addMember(t, tenant.token, overrides);
  if (tenant === owner) await payForPeriod(t, owner, member.id, plan, ['2026-11-20', '2026-12-20']);
  return member as { id: number; member_id: string; first_name: string; mobile_number: string };
};

const cardOf = async (memberId: number) =>
  (await t.db.select({ code: members.cardCode }).from(members).where(eq(members.id, memberId)))[0]!
    .code;

const get = (tenant: Tenant, url: string) => call(t.app, 'GET', url, { token: tenant.token });
const post = (tenant: Tenant, url: string, body?: unknown, key?: string) =>
  call(t.app, 'POST', url, {
    token: tenant.token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('member cards', () => {
  it("answers the member's card code and its page's address", async () => {
    const m = await activeMember(owner);
    const res = await get(staff, `/v1/member/${m.id}/card`);
    expect(res.statusCode).toBe(200);
    const code = await cardOf(m.id);
    expect(json(res).data).toEqual({ card_code: code, card_url: `http://kora.test/card/${code}` });
  });

  it('replaces the card: a new code, the old one finds no one; the same key again issues nothing new', async () => {
    const m = await activeMember(owner);
    const old = await cardOf(m.id);
    const first = await post(owner, `/v1/member/${m.id}/card/replace`, undefined, 'card-1');
    expect(first.statusCode).toBe(201);
    const fresh = json(first).data.card_code;
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^[a-z2-7]{26}$/);
    expect(await cardOf(m.id)).toBe(fresh);
    const again = await post(owner, `/v1/member/${m.id}/card/replace`, undefined, 'card-1');
    expect(again.statusCode).toBe(200);
    expect(json(again).data.card_code).toBe(fresh);
    expect(await cardOf(m.id)).toBe(fresh);

    const page = await t.app.inject({ url: `/card/${old}` });
    expect(page.statusCode).toBe(404);
    const checkIn = await post(owner, '/v1/check-in', { card_code: old });
    expect(checkIn.statusCode).toBe(404);
  });

  it('sends the card link by WhatsApp from the gym, and says when the member has no e-mail', async () => {
    const m = await activeMember(owner, { first_name: 'Ngozi', email_address: '' });
    const res = await post(staff, `/v1/member/${m.id}/card/send`, { channel: 'whatsapp' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'Card sent.', data: null });
    const [sent] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, m.mobile_number))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = await cardOf(m.id);
    expect(sent).toMatchObject({ channel: 'whatsapp', businessId: owner.businessId });
    expect(sent!.text).toBe(
      `Hi Ngozi, here is your Iron Paradise Gym member card: http://kora.test/card/${code} ` +
        'Show its QR code at the front desk to check in.',
    );

    const noEmail = await post(staff, `/v1/member/${m.id}/card/send`, { channel: 'email' });
    expect(noEmail.statusCode).toBe(400);
    expect(json(noEmail).message).toBe('This member has no email address to send to.');
    const badChannel = await post(staff, `/v1/member/${m.id}/card/send`, { channel: 'fax' });
    expect(badChannel.statusCode).toBe(400);
    expect(json(badChannel).errors).toEqual({ channel: 'Choose how to send it' });
  });

  it('e-mails the card in the gym frame', async () => {
    const m = await activeMember(owner, { email_address: 'card.member@example.com' });
    expect(
      (await post(owner, `/v1/member/${m.id}/card/send`, { channel: 'email' })).statusCode,
    ).toBe(200);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.to, 'card.member@example.com'));
    expect(sent).toMatchObject({
      subject: 'Your Iron Paradise Gym member card',
      fromName: 'Iron Paradise Gym',
    });
    expect(sent!.html).toContain(`/card/${await cardOf(m.id)}`);
  });

  it("answers another gym's member like a missing one: 404 on every card call", async () => {
    const theirs = await activeMember(other);
    for (const res of [
      await get(owner, `/v1/member/${theirs.id}/card`),
      await post(owner, `/v1/member/${theirs.id}/card/replace`),
      await post(owner, `/v1/member/${theirs.id}/card/send`, { channel: 'sms' }),
      await get(owner, `/v1/member/${theirs.id}/visits`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Member not found.');
    }
    expect(await t.db.select().from(outbox).where(eq(outbox.to, theirs.mobile_number))).toEqual([]);
  });
});

describe('the card page, /card/{code}', () => {
  it("shows the QR, the gym and the member's first name only; never cached or indexed", async () => {
    const m = await activeMember(owner, { first_name: 'Chiamaka', last_name: 'Okafor-Zed' });
    await t.db
      .update(businesses)
      .set({ logoUrl: '/uploads/logo.png' })
      .where(eq(businesses.id, owner.businessId));
    const code = await cardOf(m.id);
    lines.length = 0;
    const res = await t.app.inject({ url: `/card/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('<h1>Chiamaka</h1>');
    expect(res.body).toContain('Iron Paradise Gym');
    expect(res.body).toContain('<img src="http://kora.test/uploads/logo.png"');
    expect(res.body).toMatch(/<svg[^>]*viewBox/);
    expect(res.body).not.toContain('Okafor');
    expect(res.body).not.toContain(m.mobile_number);
    expect(res.body).not.toContain(m.mobile_number.slice(4));
    expect(res.body).not.toContain(m.member_id);
    expect(res.body).not.toContain('<script');
    // The code is the card: it never reaches a log line.
    expect(lines.join('')).toContain('/card/');
    expect(lines.join('')).not.toContain(code);
  });

  it('answers one 404 page "No member found" for an unknown, garbage or hostile code', async () => {
    const pages = await Promise.all(
      ['abcdefghijklmnopqrstuvwxyz', 'nope', '%00', '..%2F..%2Fetc', 'x'.repeat(90)].map((c) =>
        t.app.inject({ url: `/card/${c}` }),
      ),
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>No member found</h1>');
    }
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
  });
});

describe('GET /v1/check-in (the day’s visits)', () => {
  it("lists the day's visits newest first, with filters, and counts them", async () => {
    const tenant = other;
    const a = await addMember(t, tenant.token, { first_name: 'Amaka', last_name: 'Day' });
    const b = await addMember(t, tenant.token, { first_name: 'Bola', last_name: 'Day' });
    // Other's members have no subscription: let them in with a reason.
    for (const [m, foundBy] of [
      [a, 'phone'],
      [b, 'name'],
    ] as const)
      expect(
        (
          await post(tenant, '/v1/check-in', {
            member_id: m.id,
            found_by: foundBy,
            override_reason: 'Trial day',
          })
        ).statusCode,
      ).toBe(201);
    // One visit yesterday evening (Lagos).
    await t.db.insert(visits).values({
      businessId: tenant.businessId,
      memberId: a.id,
      visitedAt: new Date('2026-11-26T22:30:00+01:00'),
      foundBy: 'card',
      verdictStatus: 'active',
    });

    const today = json(await get(tenant, '/v1/check-in'));
    expect(today.meta).toEqual({ page: 1, per_page: 20, pages: 1, total: 2 });
    expect(today.data.map((v: { member: { first_name: string } }) => v.member.first_name)).toEqual([
      'Bola',
      'Amaka',
    ]);
    expect(json(await get(tenant, '/v1/check-in?found_by=phone')).meta.total).toBe(1);
    expect(json(await get(tenant, '/v1/check-in?search=bola')).data).toHaveLength(1);
    const yesterday = json(await get(tenant, '/v1/check-in?date=2026-11-26'));
    expect(yesterday.meta.total).toBe(1);
    expect(yesterday.data[0]).toMatchObject({ found_by: 'card', recorded_by: null });
    // The owner's own gym has none of these.
    const mine = json(await get(owner, '/v1/check-in?date=2026-11-26'));
    expect(mine.meta.total).toBe(0);
  });

  it('refuses a date that is not a day, a found_by it does not know, a page too large', async () => {
    for (const [query, field, message] of [
      ['date=2026-02-30', 'date', 'Date must be a date (YYYY-MM-DD)'],
      ['date=%00', 'date', 'Date must be a date (YYYY-MM-DD)'],
      [
        'found_by=psychic',
        'found_by',
        'Found by must be phone, member_id, card, name, kiosk or day_pass',
      ],
      ['overrides=maybe', 'overrides', 'Overrides must be true or false'],
      ['per_page=1000', 'per_page', 'Page size must be at most 100'],
    ]) {
      const res = await get(owner, `/v1/check-in?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).errors?.[field!], query).toBe(message);
    }
  });
});

describe('GET /v1/member/:id/visits', () => {
  it("pages the member's visits newest first with the last visit and this and last month's counts", async () => {
    const m = await activeMember(owner);
    const at = (iso: string) => ({
      businessId: owner.businessId,
      memberId: m.id,
      visitedAt: new Date(iso),
      foundBy: 'name',
      verdictStatus: 'active',
    });
    await t.db
      .insert(visits)
      .values([
        at('2026-10-01T00:30:00+01:00'),
        at('2026-10-31T23:30:00+01:00'),
        at('2026-11-01T00:10:00+01:00'),
        at('2026-09-30T23:59:00+01:00'),
      ]);
    expect((await post(owner, '/v1/check-in', { member_id: m.id })).statusCode).toBe(201);
    const res = await get(owner, `/v1/member/${m.id}/visits?per_page=2`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.meta).toEqual({
      page: 1,
      per_page: 2,
      pages: 3,
      total: 5,
      summary: { last_visit_at: NOW.toISOString(), this_month: 2, last_month: 2 },
    });
    expect(body.data.map((v: { visited_at: string }) => v.visited_at)).toEqual([
      NOW.toISOString(),
      new Date('2026-11-01T00:10:00+01:00').toISOString(),
    ]);

    const none = await activeMember(owner);
    expect(json(await get(owner, `/v1/member/${none.id}/visits`)).meta.summary).toEqual({
      last_visit_at: null,
      this_month: 0,
      last_month: 0,
    });
  });
});

describe('the card page under its limit', () => {
  it('is limited per IP address like anonymous API calls, with a page saying how long to wait', async () => {
    await withTestApp(
      { apiRateLimit: { enabled: true, perUserPerMinute: 100, perIpPerMinute: 3 } },
      async (limited) => {
        const [gym] = await limited.db
          .insert(businesses)
          .values({
            name: 'Limit Gym',
            code: 'LIMT',
            address: '1 Road',
            city: 'Ikeja',
            state: 'Lagos',
          })
          .returning({ id: businesses.id });
        const [member] = await limited.db
          .insert(members)
          .values({
            businessId: gym!.id,
            memberNumber: 1,
            memberCode: 'LIMT-00001',
            firstName: 'Tunde',
            lastName: 'Bello',
            mobileNumber: '+2348031110000',
            city: 'Ikeja',
            state: 'Lagos',
          })
          .returning({ code: members.cardCode });
        const open = (ip: string) =>
          limited.app.inject({ url: `/card/${member!.code}`, remoteAddress: ip });
        await expectPageLimitedPerIp(open, 200);
      },
    );
  });
});
