import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, visits } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addDayPassPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import { rollUpRecount } from '../../test/visits';

/*
 * The trigger on visits (db/functions/visits_roll_up.sql) keeps last_visit_at and the roll-ups
 * for every way a visit is recorded: the desk's check-in (the database function kora_check_in),
 * the kiosk's and the day pass's (recordVisit in the caller's transaction).
 */

const t = useTestApp();
const g = useTenants(t, {
  owner: { code: 'ARA', name: 'Recorded Gym' },
  staff: { role: 'staff', of: 'owner' },
});

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, g.owner.token);
  await addDayPassPlan(t, g.owner.token);
});

let phones = 0;
const paidMember = async (tenant: Tenant) => {
  const m = await addMember(t, tenant.token, {
    mobile_number: `0809${String(5_000_000 + ++phones).padStart(7, '0')}`,
  });
  await pay(t, tenant, paymentBody(m.id, plan.id, plan.amount));
  return m as { id: number };
};

const visitsToday = async () =>
  json(await call(t.app, 'GET', '/v1/dashboard/attendance', { token: g.owner.token })).data
    .visits_today as number;

/** The member's latest visit as stored, and their last visit as the member answers it. */
const lastVisitOf = async (memberId: number) => {
  const [visit] = await t.db
    .select()
    .from(visits)
    .where(eq(visits.memberId, memberId))
    .orderBy(desc(visits.visitedAt));
  const res = await call(t.app, 'GET', `/v1/member/${memberId}`, { token: g.owner.token });
  return { visit, answered: json(res).data.last_visit_at as string | null };
};

/** Rows of the roll-ups that differ from a recount of the visits (none when the trigger ran). */
const rollUpsOff = async () => {
  const recount = await rollUpRecount(t);
  return { hours: recount.hoursOff, weeks: recount.weeksOff, members: recount.membersOff };
};

describe('a visit recorded at the desk, at a kiosk or with a day pass', () => {
  it('moves the member’s last visit and the attendance roll-ups: a desk check-in', async () => {
    const m = await paidMember(g.owner);
    const before = await visitsToday();
    const res = await call(t.app, 'POST', '/v1/check-in', {
      token: g.staff.token,
      body: { member_id: m.id, found_by: 'name' },
    });
    expect(res.statusCode).toBe(201);
    const { visit, answered } = await lastVisitOf(m.id);
    expect(answered).toBe(json(res).data.visit.visited_at);
    expect(answered).toBe(visit!.visitedAt.toISOString());
    expect(await visitsToday()).toBe(before + 1);
    expect(await rollUpsOff()).toEqual({ hours: 0, weeks: 0, members: 0 });
  });

  it('moves them for a kiosk check-in', async () => {
    const m = await paidMember(g.owner);
    const [{ cardCode }] = (await t.db
      .select({ cardCode: members.cardCode })
      .from(members)
      .where(eq(members.id, m.id))) as [{ cardCode: string }];
    const opened = await call(t.app, 'POST', '/v1/kiosk/open', { token: g.owner.token });
    expect(opened.statusCode).toBe(201);
    const before = await visitsToday();
    const scan = await call(t.app, 'POST', '/v1/kiosk/check-in', {
      headers: { authorization: `Kiosk ${json(opened).data.token}` },
      body: { code: cardCode },
    });
    expect(json(scan).data.tone).toBe('green');
    const { visit, answered } = await lastVisitOf(m.id);
    expect(visit!.foundBy).toBe('kiosk');
    expect(answered).toBe(visit!.visitedAt.toISOString());
    expect(await visitsToday()).toBe(before + 1);
    expect(await rollUpsOff()).toEqual({ hours: 0, weeks: 0, members: 0 });
  });

  it('moves them for a day pass sold with its check-in', async () => {
    const before = await visitsToday();
    const res = await call(t.app, 'POST', '/v1/day-pass', {
      token: g.staff.token,
      body: {
        first_name: 'Emeka',
        last_name: 'Obi',
        mobile_number: '0809 555 9999',
        method: 'Cash',
        check_in: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const memberId = json(res).data.member.id as number;
    const { visit, answered } = await lastVisitOf(memberId);
    expect(answered).toBe(visit!.visitedAt.toISOString());
    expect(await visitsToday()).toBe(before + 1);
    expect(await rollUpsOff()).toEqual({ hours: 0, weeks: 0, members: 0 });
    // The walk-in seen today is one of the walk-ins seen in the last 7 days.
    const list = await call(t.app, 'GET', '/v1/member?kind=walk_in&visited=last_7', {
      token: g.owner.token,
    });
    expect(json(list).data.map((x: { id: number }) => x.id)).toEqual([memberId]);
  });
});
