import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freezes, members, subscriptions } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { addVisits, dailyVisits, rollUpRecount, type VisitSpec } from '../../test/visits';

// A fixed clock: Wednesday 18 March 2026, 10:00 in Lagos. This week began Monday 16 March; the
// last 4 full weeks are 16 Feb – 15 Mar, the 4 before them 19 Jan – 15 Feb.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') });
afterAll(() => vi.useRealTimers());

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'ATT', name: 'Attendance Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTA' },
});

const people: Record<string, { id: number }> = {};

/** A subscription covering `member` from `start` to `end` (as an imported one: no payment). */
const cover = async (tenant: Tenant, member: string, planId: number, start: string, end: string) =>
  t.db.insert(subscriptions).values({
    businessId: tenant.businessId,
    memberId: people[member]!.id,
    subscriptionTypeId: planId,
    startDate: start,
    expiryDate: end,
    duration: 1,
    durationType: 'month',
    planDuration: 1,
    amountKobo: 0,
  });

/** Visits of one member on the given days, 07:30 Lagos time. */
const on = (tenant: Tenant, member: string, days: string[]) =>
  dailyVisits(tenant.businessId, people[member]!.id, days);

/** Mondays, Wednesdays and Fridays of the 4 weeks from 19 January to 15 February: 12 visits. */
const threeAWeekEarlier = [
  ...['01-19', '01-21', '01-23', '01-26', '01-28', '01-30'],
  ...['02-02', '02-04', '02-06', '02-09', '02-11', '02-13'],
].map((d) => `2026-${d}`);

const get = (url: string, tenant: Tenant = owner) =>
  call(t.app, 'GET', url, { token: tenant.token });

beforeAll(async () => {
  const plan = await addPlan(t, owner.token, { name: 'Monthly' });
  const otherPlan = await addPlan(t, other.token, { name: 'Monthly' });
  for (const name of ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe', 'Funmi', 'Gbenga', 'Halima', 'Ife'])
    people[name] = await addMember(t, owner.token, { first_name: name, last_name: 'Okafor' });
  people.Zed = await addMember(t, other.token, { first_name: 'Zed', last_name: 'Other' });
  people.Yoke = await addMember(t, other.token, { first_name: 'Yoke', last_name: 'Other' });
  for (const name of ['Ada', 'Bola', 'Funmi', 'Gbenga', 'Ife'])
    await cover(owner, name, plan.id, '2026-01-01', '2026-06-30');
  // Chidi joined 8 days ago and has not come yet: not at risk before two weeks of cover.
  await cover(owner, 'Chidi', plan.id, '2026-03-10', '2026-04-09');
  // Dayo has been covered since February and never came.
  await cover(owner, 'Dayo', plan.id, '2026-02-01', '2026-04-30');
  // Efe never came either, but the gym deactivated the account.
  await cover(owner, 'Efe', plan.id, '2026-02-01', '2026-04-30');
  await t.db.update(members).set({ isActive: false }).where(eq(members.id, people.Efe!.id));
  // Halima's cover ended on 1 March: not an active member.
  await cover(owner, 'Halima', plan.id, '2026-01-01', '2026-03-01');
  // Another gym's member who stopped coming 16 days ago.
  await cover(other, 'Zed', otherPlan.id, '2026-01-01', '2026-06-30');

  const specs: VisitSpec[] = [
    // Ada: 12 visits, then 4 over the last 4 full weeks (and one this week, not compared).
    ...on(owner, 'Ada', threeAWeekEarlier),
    ...on(owner, 'Ada', ['2026-02-18', '2026-02-25', '2026-03-04', '2026-03-14', '2026-03-16']),
    // Bola: came three times a week, last on 27 February: 19 days ago.
    ...on(owner, 'Bola', [...threeAWeekEarlier, '2026-02-16', '2026-02-20', '2026-02-27']),
    // Funmi: 12, then 7: more than half, not at risk.
    ...on(owner, 'Funmi', threeAWeekEarlier),
    ...on(
      owner,
      'Funmi',
      ['02-16', '02-18', '02-20', '02-23', '02-25', '03-02', '03-13'].map((d) => `2026-${d}`),
    ),
    // Gbenga: 2 visits, then 1: half, but 2 earlier visits are too few to call it a fall.
    ...on(owner, 'Gbenga', ['2026-01-20', '2026-02-03', '2026-03-10']),
    // Ife: 8, then 4: exactly half.
    ...on(
      owner,
      'Ife',
      ['01-20', '01-22', '01-27', '01-29', '02-03', '02-05', '02-10', '02-12'].map(
        (d) => `2026-${d}`,
      ),
    ),
    ...on(owner, 'Ife', ['2026-02-17', '2026-02-24', '2026-03-03', '2026-03-12']),
    // Today: 23:30 UTC on the 17th is 00:30 on the 18th in Lagos; and Gbenga at 06:15.
    { businessId: owner.businessId, memberId: people.Funmi!.id, at: '2026-03-17T23:30:00Z' },
    { businessId: owner.businessId, memberId: people.Gbenga!.id, at: '2026-03-18T06:15:00+01:00' },
    // The other gym's visits are never counted here.
    ...dailyVisits(other.businessId, people.Zed!.id, ['2026-02-25', '2026-03-02']),
    ...dailyVisits(other.businessId, people.Yoke!.id, ['2026-03-18']),
  ];
  await addVisits(t, specs);
});

describe('GET /v1/dashboard/attendance', () => {
  it('counts visits per Lagos day over 30 days, zero days included, today last', async () => {
    const res = await get('/v1/dashboard/attendance');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.per_day).toHaveLength(30);
    expect(data.per_day[0].day).toBe('2026-02-17');
    expect(data.per_day[29]).toEqual({ day: '2026-03-18', visits: 2 });
    expect(data.visits_today).toBe(2);
    const day = (d: string) => data.per_day.find((p: { day: string }) => p.day === d)?.visits;
    expect(day('2026-02-18')).toBe(2); // Ada and Funmi
    expect(day('2026-02-17')).toBe(1); // Ife
    expect(day('2026-03-01')).toBe(0); // a Sunday nobody came
    expect(day('2026-03-17')).toBe(0); // 23:30 UTC that day belongs to the 18th in Lagos
  });

  it('counts the busiest hours by Lagos weekday and hour over the last 28 days', async () => {
    const data = (await get('/v1/dashboard/attendance')).json().data;
    expect(data.busiest_hours).toHaveLength(7 * 24);
    const cell = (weekday: number, hour: number) =>
      data.busiest_hours.find(
        (c: { weekday: number; hour: number }) => c.weekday === weekday && c.hour === hour,
      )?.visits;
    // Wednesday 0:00 – 1:00: the visit at 23:30 UTC on Tuesday.
    expect(cell(3, 0)).toBe(1);
    expect(cell(2, 23)).toBe(0);
    // Wednesdays 7:00 – 8:00 from 19 February: Ada on 25 Feb and 4 Mar, Funmi on 25 Feb (not
    // 18 Feb, 28 days ago and more).
    expect(cell(3, 7)).toBe(3);
    expect(cell(3, 6)).toBe(1); // Gbenga today at 06:15
    expect(cell(7, 7)).toBe(0);
    expect(data.at_risk_count).toBe(4);
  });

  it('lets staff read it; another gym sees only its own visits', async () => {
    const res = await get('/v1/dashboard/attendance', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.visits_today).toBe(2);
    const theirs = (await get('/v1/dashboard/attendance', other)).json().data;
    expect(theirs.visits_today).toBe(1);
    expect(theirs.at_risk_count).toBe(1);
    expect(theirs.per_day.reduce((s: number, d: { visits: number }) => s + d.visits, 0)).toBe(3);
  });
});

describe('GET /v1/dashboard/at-risk', () => {
  it('lists the active members who stopped coming or come half as often, most at risk first', async () => {
    const res = await get('/v1/dashboard/at-risk');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 20, pages: 1, total: 4 });
    expect(
      body.data.map((r: { member: { first_name: string }; why: string }) => [
        r.member.first_name,
        r.why,
      ]),
    ).toEqual([
      ['Dayo', 'Never visited'],
      ['Bola', 'No visit in 19 days'],
      ['Ada', 'Visits fell from 12 to 4'],
      ['Ife', 'Visits fell from 8 to 4'],
    ]);
    const bola = body.data[1];
    expect(bola).toMatchObject({
      reason: 'no_visit',
      last_visit_at: '2026-02-27T06:30:00.000Z',
      visits_last_4_weeks: 3,
      visits_previous_4_weeks: 12,
      member: { id: people.Bola!.id, last_name: 'Okafor', mobile_number: expect.any(String) },
    });
    expect(body.data[0]).toMatchObject({ reason: 'never_visited', last_visit_at: null });
    expect(body.data[2]).toMatchObject({
      reason: 'visits_fell',
      visits_last_4_weeks: 4,
      visits_previous_4_weeks: 12,
    });
  });

  it('leaves out a member frozen during the weeks compared: they stayed away on purpose', async () => {
    const froze = await t.db
      .insert(freezes)
      .values(
        ['Bola', 'Ife'].map((name) => ({
          businessId: owner.businessId,
          memberId: people[name]!.id,
          startDate: '2026-03-01',
          endDate: '2026-03-10',
          days: 10,
          status: 'approved',
          requestedBy: 'staff',
        })),
      )
      .returning({ id: freezes.id });
    try {
      const res = await get('/v1/dashboard/at-risk');
      expect(
        res.json().data.map((r: { member: { first_name: string } }) => r.member.first_name),
      ).toEqual(['Dayo', 'Ada']);
      expect((await get('/v1/dashboard/attendance')).json().data.at_risk_count).toBe(2);
    } finally {
      await t.db.delete(freezes).where(
        inArray(
          freezes.id,
          froze.map((f) => f.id),
        ),
      );
    }
    expect((await get('/v1/dashboard/at-risk')).json().meta.total).toBe(4);
  });

  it('pages the list', async () => {
    const res = await get('/v1/dashboard/at-risk?page=2&per_page=3');
    expect(res.json().meta).toEqual({ page: 2, per_page: 3, pages: 2, total: 4 });
    expect(
      res.json().data.map((r: { member: { first_name: string } }) => r.member.first_name),
    ).toEqual(['Ife']);
    // A page past the last one still says how many there are.
    const past = await get('/v1/dashboard/at-risk?page=9&per_page=3');
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.total).toBe(4);
  });

  it("never lists another gym's members; theirs are their own", async () => {
    const res = await get('/v1/dashboard/at-risk', other);
    expect(
      res.json().data.map((r: { member: { id: number }; why: string }) => [r.member.id, r.why]),
    ).toEqual([[people.Zed!.id, 'No visit in 16 days']]);
  });

  it('refuses a bad page in words', async () => {
    const res = await get('/v1/dashboard/at-risk?per_page=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.per_page).toBe('Page size must be at most 100');
    expect((await get('/v1/dashboard/at-risk?page=abc')).statusCode).toBe(400);
  });
});

describe('the attendance roll-ups', () => {
  it('keep each member’s last visit, never moving it back for a visit written late', async () => {
    const [ada] = await t.db.select().from(members).where(eq(members.id, people.Ada!.id));
    expect(ada!.lastVisitAt?.toISOString()).toBe('2026-03-16T06:30:00.000Z');
    await addVisits(t, on(owner, 'Ada', ['2026-03-01']));
    const [again] = await t.db.select().from(members).where(eq(members.id, people.Ada!.id));
    expect(again!.lastVisitAt?.toISOString()).toBe('2026-03-16T06:30:00.000Z');
  });

  it('equal a recount of the visits, as the migration backfills them', async () => {
    const recount = await rollUpRecount(t);
    expect(recount.hoursOff).toBe(0);
    expect(recount.weeksOff).toBe(0);
    // Each covered member's last visit beside their cover (what At risk reads) is theirs.
    expect(recount.coverLastOff).toBe(0);
    expect(recount.rolledUp).toBe(recount.visits);
  });
});

describe('At risk after visits written late into earlier weeks', () => {
  const atRisk = async () =>
    (await get('/v1/dashboard/at-risk'))
      .json()
      .data.map(
        (r: { member: { first_name: string }; why: string }) => `${r.member.first_name}: ${r.why}`,
      );

  it('works this week’s falls out again: one fall ends, another begins', async () => {
    // This week's falls were worked out by the reads above.
    expect(await atRisk()).toEqual([
      'Dayo: Never visited',
      'Bola: No visit in 19 days',
      'Ada: Visits fell from 12 to 5',
      'Ife: Visits fell from 8 to 4',
    ]);
    // Ife came on 5 March after all (a paper register typed in late): 5 of 8 is more than half.
    await addVisits(t, on(owner, 'Ife', ['2026-03-05']));
    // Funmi's January was busier than recorded: 7 of 15 is less than half.
    await addVisits(t, on(owner, 'Funmi', ['2026-01-20', '2026-01-27', '2026-02-10']));
    expect(await atRisk()).toEqual([
      'Dayo: Never visited',
      'Bola: No visit in 19 days',
      'Ada: Visits fell from 12 to 5',
      'Funmi: Visits fell from 15 to 7',
    ]);
    expect((await get('/v1/dashboard/attendance')).json().data.at_risk_count).toBe(4);
  });

  it('keeps a visit of this week from touching the falls worked out', async () => {
    const weeks = async () =>
      (
        (await t.db.execute(
          sql`select count(*) as n from at_risk_fall_weeks where business_id = ${owner.businessId}`,
        )) as unknown as { rows: { n: unknown }[] }
      ).rows[0]!.n;
    expect(Number(await weeks())).toBe(1);
    await addVisits(t, on(owner, 'Ada', ['2026-03-17']));
    expect(Number(await weeks())).toBe(1);
    await addVisits(t, on(owner, 'Ada', ['2026-03-09']));
    expect(Number(await weeks())).toBe(0);
  });
});
