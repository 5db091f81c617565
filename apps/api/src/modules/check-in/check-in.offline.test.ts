import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, members, payments } from '../../db/schema';
import { call, json } from '../../test/app';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { payForPeriod } from '../../test/payments';
import { addDayPassPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import { postCheckIn, visitsOf } from '../../test/visits';

/*
 * An offline desk's check-ins and day passes reach the server later with `recorded_at`, the
 * desk's time: the visit is then, the 2-hour rule looks around it, the verdict is that Lagos
 * day's, and a payment's day is that day. The server's clock is fixed at 07:42 in Lagos on
 * 27 November 2026.
 */
const NOW = new Date('2026-11-27T07:42:00+01:00');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const DAY = 24 * HOUR;
useFixedClock(NOW);

const t = useTestApp();
const g = useTenants(t, {
  owner: { code: 'OFF' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OFB' },
});

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, g.owner.token, { name: 'Monthly', amount: 25000 });
  await addDayPassPlan(t, g.owner.token);
});

let phones = 0;
const phone = () => `0706${String(7_000_000 + ++phones).padStart(7, '0')}`;

/** A member of `tenant`'s gym paid from `start` to `end`. */
const member = async (period: [string, string], tenant: Tenant = g.owner) => {
  const m = (await addMember(t, tenant.token, { mobile_number: phone() })) as { id: number };
  const p =
    tenant === g.owner ? plan : await addPlan(t, tenant.token, { name: 'Monthly', amount: 25000 });
  await payForPeriod(t, tenant, m.id, p, period);
  return m;
};

const checkIn = (body: Record<string, unknown>, key?: string, tenant: Tenant = g.owner) =>
  postCheckIn(t, tenant.token, body, key);

describe('recorded_at on POST /v1/check-in', () => {
  it('refuses a time more than 5 minutes ahead of the server or older than 7 days (422), records nothing', async () => {
    const m = await member(['2026-11-01', '2026-12-20']);
    for (const [at, message] of [
      [new Date(NOW.getTime() + 6 * MINUTE).toISOString(), 'Recorded at cannot be in the future'],
      [ago(7 * DAY + 1000), 'Recorded at must be within the last 7 days'],
      [ago(30 * DAY), 'Recorded at must be within the last 7 days'],
    ] as const) {
      const res = await checkIn({ member_id: m.id, recorded_at: at });
      expect(res.statusCode, at).toBe(422);
      expect(json(res)).toMatchObject({ message, errors: { recorded_at: message } });
    }
    expect(await visitsOf(t, m.id)).toHaveLength(0);
  });

  it('refuses what is not a date and time with its offset (400), hostile text included', async () => {
    const m = await member(['2026-11-01', '2026-12-20']);
    for (const at of [
      'yesterday',
      '2026-11-27',
      '2026-11-27T07:00:00',
      '2026-02-30T07:00:00Z',
      '2026-11-27T07:00:00Z\u0000',
      '\u0000',
      'x'.repeat(100_000),
      12345,
      null,
    ]) {
      const res = await checkIn({ member_id: m.id, recorded_at: at });
      expect(res.statusCode, String(at).slice(0, 30)).toBe(400);
      expect(json(res).errors.recorded_at).toBe('Recorded at must be a date and time');
    }
    expect(await visitsOf(t, m.id)).toHaveLength(0);
  });

  it('records the visit at the desk’s time, keeps its arrival, and accepts exactly 7 days and a clock 5 minutes fast', async () => {
    const m = await member(['2026-11-01', '2026-12-20']);
    const week = await checkIn({ member_id: m.id, recorded_at: ago(7 * DAY) });
    expect(week.statusCode).toBe(201);
    expect(json(week).data.visit.visited_at).toBe(ago(7 * DAY));
    const fast = await checkIn({
      member_id: m.id,
      recorded_at: new Date(NOW.getTime() + 5 * MINUTE).toISOString(),
    });
    expect(fast.statusCode).toBe(201);
    const stored = await visitsOf(t, m.id);
    expect(stored.map((v) => v.visitedAt.toISOString())).toEqual([
      ago(7 * DAY),
      new Date(NOW.getTime() + 5 * MINUTE).toISOString(),
    ]);
    // created_at is when it reached the server (the database's clock), not the desk's time.
    expect(stored[0]!.createdAt.getTime()).not.toBe(stored[0]!.visitedAt.getTime());
  });

  it('a visit recorded 3 hours ago does not block one now; one recorded 1 hour ago does', async () => {
    const m = await member(['2026-11-01', '2026-12-20']);
    expect((await checkIn({ member_id: m.id, recorded_at: ago(3 * HOUR) })).statusCode).toBe(201);
    expect((await checkIn({ member_id: m.id })).statusCode).toBe(201);

    const n = await member(['2026-11-01', '2026-12-20']);
    expect((await checkIn({ member_id: n.id, recorded_at: ago(1 * HOUR) })).statusCode).toBe(201);
    const now = await checkIn({ member_id: n.id });
    expect(now.statusCode).toBe(200);
    expect(json(now)).toMatchObject({
      message: 'Already checked in at 06:42',
      data: { already_checked_in: true },
    });
    expect(await visitsOf(t, n.id)).toHaveLength(1);
  });

  it('an offline visit arriving after a later one within 2 hours answers that later visit', async () => {
    const m = await member(['2026-11-01', '2026-12-20']);
    expect((await checkIn({ member_id: m.id })).statusCode).toBe(201);
    const late = await checkIn({ member_id: m.id, recorded_at: ago(90 * MINUTE) });
    expect(late.statusCode).toBe(200);
    expect(json(late).message).toBe('Already checked in at 07:42');
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });

  it('decides the verdict for the Lagos day of the desk’s time', async () => {
    // Their subscription ended yesterday: let in yesterday, refused today.
    const m = await member(['2026-10-27', '2026-11-26']);
    expect((await checkIn({ member_id: m.id })).statusCode).toBe(409);
    const yesterday = await checkIn({
      member_id: m.id,
      recorded_at: '2026-11-26T18:30:00+01:00',
    });
    expect(yesterday.statusCode).toBe(201);
    expect(json(yesterday).data.verdict.text).toBe('Ends today');
    expect((await visitsOf(t, m.id))[0]!.verdictStatus).toBe('ends_today');
  });

  it('answers the first check-in when the same key comes again with another time, even one now too old', async () => {
    const m = await member(['2026-11-01', '2026-12-20']);
    const first = await checkIn({ member_id: m.id, recorded_at: ago(5 * HOUR) }, 'desk-1');
    expect(first.statusCode).toBe(201);
    for (const at of [ago(4 * HOUR), ago(8 * DAY)]) {
      const again = await checkIn({ member_id: m.id, recorded_at: at }, 'desk-1');
      expect(again.statusCode, at).toBe(200);
      expect(json(again).data.visit.id).toBe(json(first).data.visit.id);
      expect(json(again).data.visit.visited_at).toBe(ago(5 * HOUR));
    }
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });

  it('answers another business’s member as not found, and notes the desk’s time on an override', async () => {
    const theirs = await member(['2026-11-01', '2026-12-20'], g.other);
    const res = await checkIn({ member_id: theirs.id, recorded_at: ago(HOUR) });
    expect(res.statusCode).toBe(404);
    expect(await visitsOf(t, theirs.id)).toHaveLength(0);

    const lapsed = await member(['2026-10-01', '2026-10-31']);
    const override = await checkIn({
      member_id: lapsed.id,
      recorded_at: ago(2 * DAY),
      override_reason: 'Paid cash, receipt to follow',
    });
    expect(override.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'check_in.override'), eq(auditEntries.memberId, lapsed.id)),
      );
    expect(entry!.detail).toMatchObject({ recorded_at: ago(2 * DAY) });
  });
});

describe('recorded_at on POST /v1/day-pass', () => {
  const sell = (body: Record<string, unknown>, key?: string, tenant: Tenant = g.owner) =>
    call(t.app, 'POST', '/v1/day-pass', {
      token: tenant.token,
      body: { first_name: 'Emeka', last_name: 'Obi', method: 'Cash', check_in: true, ...body },
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('sells yesterday’s pass for yesterday: the payment’s day, the pass and the visit', async () => {
    const mobile = phone();
    const res = await sell(
      { mobile_number: mobile, recorded_at: '2026-11-26T18:30:00+01:00' },
      'pass-1',
    );
    expect(res.statusCode).toBe(201);
    const { payment, check_in, member: buyer } = json(res).data;
    expect(payment).toMatchObject({
      paid_on: '2026-11-26',
      recorded_at: '2026-11-26T17:30:00.000Z',
    });
    expect(payment.subscription).toMatchObject({
      start_date: '2026-11-26',
      expiry_date: '2026-11-26',
    });
    expect(check_in.visit.visited_at).toBe('2026-11-26T17:30:00.000Z');
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'day_pass.sell'), eq(auditEntries.memberId, buyer.id)));
    expect(entry!.detail).toMatchObject({ recorded_at: '2026-11-26T17:30:00.000Z' });

    // Sent again with the key and another time: the first sale, nothing more.
    const again = await sell(
      { mobile_number: mobile, recorded_at: '2026-11-27T07:00:00+01:00' },
      'pass-1',
    );
    expect(again.statusCode).toBe(200);
    expect(json(again).data.payment.id).toBe(payment.id);
    expect(await t.db.select().from(payments).where(eq(payments.memberId, buyer.id))).toHaveLength(
      1,
    );
  });

  it('refuses a time out of bounds (422) and keeps nothing, not even the walk-in', async () => {
    const mobile = phone();
    const res = await sell({ mobile_number: mobile, recorded_at: ago(8 * DAY) });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors.recorded_at).toBe('Recorded at must be within the last 7 days');
    expect(
      await t.db
        .select()
        .from(members)
        .where(eq(members.mobileNumber, `+234${mobile.slice(1)}`)),
    ).toHaveLength(0);
  });
});
