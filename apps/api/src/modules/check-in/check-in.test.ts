import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeVerdict } from '@kora/shared/test-fixtures';
import { kioskTokens, members, visits } from '../../db/schema';
import { call, json } from '../../test/app';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody, payForPeriod, subscriptionsOf } from '../../test/payments';
import { addGroupPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import { postCheckIn, visitsOf } from '../../test/visits';
import { checkIn as recordVisit } from '.';

/*
 * Check-in through the API on a real database, the clock fixed at 07:42 in Lagos on
 * 27 November 2026 (the verdicts' days and the "Already checked in at" time depend on it).
 */
const NOW = new Date('2026-11-27T07:42:00+01:00');
useFixedClock(NOW);

const t = useTestApp();
const { owner, admin, staff, staff2, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  staff2: { role: 'staff', of: 'owner' },
  other: { code: 'OTHR', name: 'Other Gym' },
});

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
});

let phoneSeq = 0;
/** A member of the owner's gym with one subscription per [start, end] given. */
const memberWith = async (
  periods: [string, string][],
  overrides: Record<string, unknown> = {},
  tenant: Tenant = owner,
) => {
  const member = await addMember(t, tenant.token, {
    mobile_number: `0705${String(5000000 + phoneSeq++).padStart(7, '0')}`,
    ...overrides,
  });
  for (const period of periods) await payForPeriod(t, tenant, member.id, plan, period);
  return member as {
    id: number;
    member_id: string;
    first_name: string;
    last_name: string;
    mobile_number: string;
  };
};

const lookup = (tenant: Tenant, q: string) =>
  call(t.app, 'GET', `/v1/check-in/lookup?q=${encodeURIComponent(q)}`, { token: tenant.token });

const verdictOf = async (member: { member_id: string }) => {
  const res = await lookup(owner, member.member_id);
  expect(res.statusCode).toBe(200);
  const [candidate] = json(res).data;
  return candidate.verdict;
};

const checkIn = (tenant: Tenant, body: Record<string, unknown>, key?: string) =>
  postCheckIn(t, tenant.token, body, key);

const cardOf = async (memberId: number) =>
  (await t.db.select({ code: members.cardCode }).from(members).where(eq(members.id, memberId)))[0]!
    .code!;

describe('the verdict, through the lookup', () => {
  it('is green with the days left while a subscription runs', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    expect(await verdictOf(m)).toEqual(activeVerdict);
  });

  it('is green to the end of the chain when the period ends today and a renewal starts tomorrow', async () => {
    const m = await memberWith([
      ['2026-10-28', '2026-11-27'],
      ['2026-11-28', '2026-12-27'],
    ]);
    expect(await verdictOf(m)).toMatchObject({
      status: 'active',
      tone: 'green',
      text: 'Active, 30 days left',
      end_date: '2026-12-27',
    });
  });

  it('is red "Starts on" for a renewal that starts tomorrow after a lapse', async () => {
    const m = await memberWith([['2026-11-28', '2026-12-27']]);
    expect(await verdictOf(m)).toMatchObject({
      status: 'not_started',
      tone: 'red',
      text: 'Starts on 28 Nov 2026',
    });
  });

  it('is amber on the last day and in the last 3 days', async () => {
    const today = await memberWith([['2026-10-28', '2026-11-27']]);
    expect(await verdictOf(today)).toMatchObject({
      status: 'ends_today',
      tone: 'amber',
      text: 'Ends today',
    });
    const soon = await memberWith([['2026-10-30', '2026-11-29']]);
    expect(await verdictOf(soon)).toMatchObject({ status: 'ending', text: 'Ends in 2 days' });
  });

  it('is red "Expired yesterday" / "Expired 5 days ago", and "No subscription" for a new member', async () => {
    const yesterday = await memberWith([['2026-10-27', '2026-11-26']]);
    expect((await verdictOf(yesterday)).text).toBe('Expired yesterday');
    const five = await memberWith([['2026-10-23', '2026-11-22']]);
    expect(await verdictOf(five)).toMatchObject({ status: 'expired', text: 'Expired 5 days ago' });
    const none = await memberWith([]);
    expect(await verdictOf(none)).toMatchObject({ status: 'no_subscription', tone: 'red' });
  });

  it('is red "Deactivated" for a deactivated member, paid or not', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const off = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await verdictOf(m)).toMatchObject({
      status: 'deactivated',
      tone: 'red',
      text: 'Deactivated',
    });
  });

  it("names the payer for a member covered by someone else's group plan", async () => {
    const duo = await addGroupPlan(t, owner.token, 2, { name: 'Couple', amount: 40000 });
    const ada = await addMember(t, owner.token, { first_name: 'Ada', last_name: 'Obi' });
    const chidi = await addMember(t, owner.token, { first_name: 'Chidi', last_name: 'Obi' });
    await pay(t, owner, paymentBody(ada.id, duo.id, 40000, { group_member_ids: [chidi.id] }));
    expect(await verdictOf(chidi)).toMatchObject({
      status: 'active',
      tone: 'green',
      plan_name: 'Couple',
      covered_by: 'Ada Obi',
    });
    expect((await verdictOf(ada)).covered_by).toBeNull();
  });
});

describe('GET /v1/check-in/lookup', () => {
  it('finds a member by phone in every usual form', async () => {
    const m = await memberWith([], { mobile_number: '08031234567' });
    for (const q of [
      '0803 123 4567',
      '08031234567',
      '+2348031234567',
      '2348031234567',
      '0803-123-4567',
    ]) {
      const data = json(await lookup(owner, q)).data;
      expect(
        data.map((c: { member: { id: number } }) => c.member.id),
        q,
      ).toEqual([m.id]);
      expect(data[0].found_by).toBe('phone');
      expect(data[0].member.mobile_number).toBe('+2348031234567');
    }
  });

  it('finds a member by member ID, any case, or by its number alone', async () => {
    const m = await memberWith([]);
    const number = String(Number(m.member_id.split('-')[1]));
    for (const q of [m.member_id, m.member_id.toLowerCase(), number, `IRON-${number}`]) {
      const data = json(await lookup(owner, q)).data;
      expect(
        data.map((c: { member: { id: number } }) => c.member.id),
        q,
      ).toEqual([m.id]);
      expect(data[0].found_by).toBe('member_id');
    }
    // Another gym's code for the same number finds nothing here.
    expect(json(await lookup(owner, `OTHR-${number}`)).data).toEqual([]);
  });

  it('finds a member by name with or without accents', async () => {
    const m = await memberWith([], { first_name: 'Adébáyọ̀', last_name: 'Ọláníyàn' });
    for (const q of ['adebayo olaniyan', 'Adébáyọ̀', 'OLANIYAN']) {
      const data = json(await lookup(owner, q)).data;
      expect(
        data.map((c: { member: { id: number } }) => c.member.id),
        q,
      ).toContain(m.id);
      expect(data[0].found_by).toBe('name');
    }
  });

  it("finds a member by their card code, and nothing by an old, another gym's or a made-up code", async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const code = await cardOf(m.id);
    expect(code).toMatch(/^[a-z2-7]{26}$/);
    const found = json(await lookup(owner, code.toUpperCase())).data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ found_by: 'card', member: { id: m.id } });

    const theirs = await memberWith([], {}, other);
    const garbage = json(await lookup(owner, 'abcdefghijklmnopqrstuvwxyz'));
    const otherGym = json(await lookup(owner, await cardOf(theirs.id)));
    expect(otherGym).toEqual(garbage);
    expect(otherGym.data).toEqual([]);

    const replaced = await call(t.app, 'POST', `/v1/member/${m.id}/card/replace`, {
      token: owner.token,
    });
    expect(replaced.statusCode).toBe(201);
    expect(json(await lookup(owner, code)).data).toEqual([]);
    expect(json(await lookup(owner, json(replaced).data.card_code)).data).toHaveLength(1);
  });

  it('answers at most 10 members', async () => {
    for (let i = 0; i < 12; i++)
      await memberWith([], { first_name: 'Zainab', last_name: `Musa${'x'.repeat(i % 3)}` });
    expect(json(await lookup(owner, 'zainab')).data).toHaveLength(10);
  });

  it('takes hostile text without failing: NUL, control characters, 100,000 characters, __proto__', async () => {
    for (const q of [
      '\u0000',
      'ada\u0000obi',
      '\u001b[31m',
      '__proto__',
      '%_\\',
      '\u200b\u200b',
      ' ',
    ]) {
      const res = await lookup(owner, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(json(res).data)).toBe(true);
    }
    const long = await lookup(owner, 'a'.repeat(100_000));
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    const longer = await lookup(owner, 'a'.repeat(101));
    expect(longer.statusCode).toBe(400);
    expect(json(longer).message).toBe('Search must be at most 100 characters');
  });

  it("shows a member's visit of the last 2 hours", async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    expect(json(await lookup(owner, m.member_id)).data[0].checked_in_at).toBeNull();
    expect((await checkIn(owner, { member_id: m.id })).statusCode).toBe(201);
    expect(json(await lookup(owner, m.member_id)).data[0].checked_in_at).toBe(NOW.toISOString());
  });
});

describe('POST /v1/check-in', () => {
  it('records a visit with the subscription that covers it', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const res = await checkIn(staff, { member_id: m.id, found_by: 'phone' });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Checked in');
    expect(body.data.already_checked_in).toBe(false);
    expect(body.data.verdict.text).toBe('Active, 23 days left');
    expect(body.data.visit).toMatchObject({
      visited_at: NOW.toISOString(),
      member: { id: m.id, member_id: m.member_id, first_name: m.first_name },
      recorded_by: { id: staff.userId },
      found_by: 'phone',
      verdict_status: 'active',
      overridden: false,
      override_reason: null,
      kiosk_name: null,
    });
    const [sub] = await subscriptionsOf(t, m.id);
    const rows = await visitsOf(t, m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      businessId: owner.businessId,
      recordedByUserId: staff.userId,
      subscriptionId: sub!.id,
      foundBy: 'phone',
      verdictStatus: 'active',
      overrideReason: null,
    });
  });

  it('lets an amber member in without a reason', async () => {
    const m = await memberWith([['2026-10-28', '2026-11-27']]);
    const res = await checkIn(owner, { member_id: m.id });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.visit.verdict_status).toBe('ends_today');
  });

  it('records nothing more within 2 hours: "Already checked in at 07:42"; after 2 hours a new visit', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const first = json(await checkIn(owner, { member_id: m.id }));
    const again = await checkIn(staff, { member_id: m.id });
    expect(again.statusCode).toBe(200);
    expect(json(again).message).toBe('Already checked in at 07:42');
    expect(json(again).data.already_checked_in).toBe(true);
    expect(json(again).data.visit.id).toBe(first.data.visit.id);
    expect(await visitsOf(t, m.id)).toHaveLength(1);

    // The first visit was 1 hour 59 minutes ago: still the same visit.
    await t.db
      .update(visits)
      .set({ visitedAt: new Date(NOW.getTime() - 119 * 60_000) })
      .where(eq(visits.memberId, m.id));
    const stillSame = await checkIn(owner, { member_id: m.id });
    expect(json(stillSame).message).toBe('Already checked in at 05:43');
    expect(await visitsOf(t, m.id)).toHaveLength(1);

    // 2 hours and a minute ago: this is a new visit.
    await t.db
      .update(visits)
      .set({ visitedAt: new Date(NOW.getTime() - 121 * 60_000) })
      .where(eq(visits.memberId, m.id));
    const later = await checkIn(owner, { member_id: m.id });
    expect(later.statusCode).toBe(201);
    expect(json(later).message).toBe('Checked in');
    expect(await visitsOf(t, m.id)).toHaveLength(2);
  });

  // On PostgreSQL (TEST_DATABASE_URL) the three requests really run at once and, without the
  // member's row locked, record two or three visits; PGlite runs one transaction at a time.
  it('records one visit when two desks check the same member in at once', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const answers = await Promise.all([
      checkIn(owner, { member_id: m.id }),
      checkIn(staff, { member_id: m.id }),
      checkIn(admin, { member_id: m.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });

  it('refuses a red verdict without a reason (409, the verdict text) and records nothing', async () => {
    const m = await memberWith([['2026-10-23', '2026-11-22']]);
    const res = await checkIn(owner, { member_id: m.id });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'CHECK_IN_REFUSED', message: 'Expired 5 days ago' });
    expect(await visitsOf(t, m.id)).toHaveLength(0);

    const none = await memberWith([]);
    expect(json(await checkIn(owner, { member_id: none.id })).message).toBe('No subscription');
  });

  it('records a red verdict with a reason as an override, without a subscription', async () => {
    const m = await memberWith([['2026-10-23', '2026-11-22']]);
    const res = await checkIn(staff, { member_id: m.id, override_reason: '  Paying tomorrow  ' });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.visit).toMatchObject({
      verdict_status: 'expired',
      overridden: true,
      override_reason: 'Paying tomorrow',
    });
    const [row] = await visitsOf(t, m.id);
    expect(row).toMatchObject({ overrideReason: 'Paying tomorrow', subscriptionId: null });
  });

  it('ignores a reason given for a green verdict', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const res = await checkIn(owner, { member_id: m.id, override_reason: 'No reason needed' });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.visit).toMatchObject({ overridden: false, override_reason: null });
    expect((await visitsOf(t, m.id))[0]!.overrideReason).toBeNull();
  });

  it('refuses a reason too short, too long or with control characters', async () => {
    const m = await memberWith([['2026-10-23', '2026-11-22']]);
    for (const reason of ['x', 'y'.repeat(301), 'ok\u0000ok', 'two\nlines']) {
      const res = await checkIn(owner, { member_id: m.id, override_reason: reason });
      expect(res.statusCode, JSON.stringify(reason.slice(0, 10))).toBe(400);
      expect(json(res).errors.override_reason).toBeTruthy();
    }
    expect(await visitsOf(t, m.id)).toHaveLength(0);
  });

  it('checks a member in by card code (found by card)', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const res = await checkIn(owner, { card_code: (await cardOf(m.id)).toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.visit).toMatchObject({ member: { id: m.id }, found_by: 'card' });
  });

  it("answers another gym's member or card exactly like an unknown one: 404 No member found", async () => {
    const theirs = await memberWith([], {}, other);
    const unknownCard = await checkIn(owner, { card_code: 'abcdefghijklmnopqrstuvwxyz' });
    const garbage = await checkIn(owner, { card_code: '\u0000<script>' });
    const theirCard = await checkIn(owner, { card_code: await cardOf(theirs.id) });
    const theirId = await checkIn(owner, { member_id: theirs.id });
    const noId = await checkIn(owner, { member_id: 2_000_000_000 });
    for (const res of [unknownCard, garbage, theirCard, theirId, noId]) {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: 'No member found', code: 'MEMBER_NOT_FOUND' });
    }
    expect(await visitsOf(t, theirs.id)).toHaveLength(0);
  });

  it('takes exactly one of member_id or card_code', async () => {
    for (const body of [{}, { member_id: 1, card_code: 'abc' }, { found_by: 'name' }]) {
      const res = await checkIn(owner, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual({ member_id: 'Choose the member to check in' });
    }
    const hostile = await checkIn(owner, { member_id: '__proto__' } as Record<string, unknown>);
    expect(hostile.statusCode).toBe(400);
  });

  it('records one visit for a request sent twice with the same Idempotency-Key', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const first = await checkIn(owner, { member_id: m.id }, 'visit-key-1');
    const second = await checkIn(owner, { member_id: m.id }, 'visit-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(json(second).data.visit.id).toBe(json(first).data.visit.id);
    expect(json(second).data.verdict.text).toBe('Active, 23 days left');
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });
});

describe('a visit recorded by a kiosk (the front the kiosk module calls)', () => {
  it('is found by kiosk, recorded by no team user, and refused on a red verdict', async () => {
    const m = await memberWith([['2026-11-20', '2026-12-20']]);
    const viewer = { businessId: owner.businessId, userId: owner.userId, role: 'owner' as const };
    const [kiosk] = await t.app.ctx.db
      .insert(kioskTokens)
      .values({ businessId: owner.businessId, name: 'Entrance', tokenHash: 'a'.repeat(64) })
      .returning({ id: kioskTokens.id });
    const tokenId = kiosk!.id;
    const out = await recordVisit(t.app.ctx, viewer, { member_id: m.id }, undefined, NOW, {
      tokenId,
      name: 'Entrance',
    });
    expect(out.status).toBe(201);
    expect(out.result.visit).toMatchObject({
      found_by: 'kiosk',
      recorded_by: null,
      kiosk_name: 'Entrance',
    });
    expect((await visitsOf(t, m.id))[0]).toMatchObject({
      foundBy: 'kiosk',
      kioskTokenId: tokenId,
      recordedByUserId: null,
    });
    const red = await memberWith([['2026-10-23', '2026-11-22']]);
    await expect(
      // A kiosk cannot override, whatever it sends.
      recordVisit(
        t.app.ctx,
        viewer,
        { member_id: red.id, override_reason: 'Let me in' },
        undefined,
        NOW,
        { tokenId, name: 'Entrance' },
      ),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CHECK_IN_REFUSED',
      message: 'Expired 5 days ago',
    });
    expect(await visitsOf(t, red.id)).toHaveLength(0);
  });
});

describe('who sees an override reason', () => {
  it('owner and admin see every reason; other staff see that there was an override, not why', async () => {
    const m = await memberWith([['2026-10-23', '2026-11-22']], { first_name: 'Override' });
    expect(
      (await checkIn(staff, { member_id: m.id, override_reason: 'Owner said yes' })).statusCode,
    ).toBe(201);
    const overridesOf = async (tenant: Tenant) => {
      const res = await call(t.app, 'GET', '/v1/check-in?overrides=true&search=override', {
        token: tenant.token,
      });
      expect(res.statusCode).toBe(200);
      return json(res);
    };
    for (const tenant of [owner, admin, staff]) {
      const { data } = await overridesOf(tenant);
      expect(data.map((v: { override_reason: string | null }) => v.override_reason)).toEqual([
        'Owner said yes',
      ]);
    }
    // Other staff: not in their overrides list, and no reason in the day's list.
    expect((await overridesOf(staff2)).data).toEqual([]);
    const day = json(
      await call(t.app, 'GET', '/v1/check-in?search=override', { token: staff2.token }),
    ).data;
    expect(day).toHaveLength(1);
    expect(day[0]).toMatchObject({ overridden: true, override_reason: null });
    // And the member's own visits say the same.
    const mine = json(
      await call(t.app, 'GET', `/v1/member/${m.id}/visits`, { token: staff2.token }),
    ).data;
    expect(mine[0]).toMatchObject({ overridden: true, override_reason: null });
  });
});

describe('the database', () => {
  it('gives every member a unique card code, whichever way they were added', async () => {
    const rows = await t.db
      .select({ code: members.cardCode })
      .from(members)
      .where(and(eq(members.businessId, owner.businessId)));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(r.code).toMatch(/^[a-z2-7]{26}$/);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });
});
