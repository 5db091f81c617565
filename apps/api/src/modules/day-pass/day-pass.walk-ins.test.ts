import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, members } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addDayPassPlan, addMember, addPlan, memberBody, type Tenant } from '../../test/tenants';

/*
 * A walk-in (a day pass added them) is kept with their phone, payment and visit, but is not a
 * member until they join: no member figure, expiring list or member message counts them.
 */

const t = useTestApp();
const g = useTenants(t, { owner: { code: 'WLK' }, other: { code: 'WLO' } });

let monthly: { id: number; amount: number };
beforeAll(async () => {
  await addDayPassPlan(t, g.owner.token);
  await addDayPassPlan(t, g.other.token);
  monthly = await addPlan(t, g.owner.token, { name: 'Monthly', amount: 25000 });
  // A member whose month ends within the week: the expiring list is not empty.
  const ada = await addMember(t, g.owner.token, { first_name: 'Ada' });
  const week = await addPlan(t, g.owner.token, {
    name: 'Week',
    amount: 8000,
    duration: 7,
    duration_type: 'day',
  });
  await pay(t, g.owner, paymentBody(ada.id, week.id, 8000));
});

const get = async (tenant: Tenant, url: string) => {
  const res = await call(t.app, 'GET', url, { token: tenant.token });
  expect(res.statusCode, url).toBe(200);
  return json(res);
};

const sell = async (tenant: Tenant, phone: string) => {
  const res = await call(t.app, 'POST', '/v1/day-pass', {
    token: tenant.token,
    body: {
      first_name: 'Tunde',
      last_name: 'Bello',
      mobile_number: phone,
      method: 'Cash',
      check_in: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { member: { id: number }; check_in: { visit: { id: number } } };
};

/** What the back office counts and lists as members, and who is in it. */
const figures = async (tenant: Tenant) => {
  const dashboard = (await get(tenant, '/v1/dashboard')).data;
  const list = await get(tenant, '/v1/member?per_page=100');
  const summary = (await get(tenant, '/v1/member/summary')).data;
  const subscriptions = (await get(tenant, '/v1/subscription/summary')).data;
  const audience = (group: string) =>
    get(tenant, `/v1/comms/audience?group=${group}&channel=sms`).then((r) => r.data.recipients);
  return {
    total: dashboard.cards.total_members,
    newThisMonth: dashboard.membership_growth.at(-1).new_members,
    activeSubscriptions: dashboard.cards.active_subscriptions,
    expiring: dashboard.expiring.data.map((e: { member: { id: number } }) => e.member.id),
    expiringTotal: dashboard.expiring.total,
    listed: list.data.map((m: { id: number }) => m.id),
    listTotal: list.meta.total,
    summaryTotal: summary.total,
    summaryNew: summary.new_this_month,
    runningSubscriptions: subscriptions.active,
    allMembers: await audience('all_members'),
    activeMembers: await audience('active_members'),
  };
};
type Figures = Awaited<ReturnType<typeof figures>>;

/**
 * The figures once `memberId` counts as one more member, listed, with `running` subscriptions
 * running today (their day pass among them).
 */
const withMember = (f: Figures, memberId: number, running = 1): Figures => ({
  ...f,
  total: f.total + 1,
  newThisMonth: f.newThisMonth + 1,
  activeSubscriptions: f.activeSubscriptions + running,
  listed: [memberId, ...f.listed],
  listTotal: f.listTotal + 1,
  summaryTotal: f.summaryTotal + 1,
  summaryNew: f.summaryNew + 1,
  runningSubscriptions: f.runningSubscriptions + running,
  allMembers: f.allMembers + 1,
  activeMembers: f.activeMembers + 1,
});

const joinsOf = (memberId: number) =>
  t.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.memberId, memberId), eq(auditEntries.action, 'member.join')));

const visitsOf = async (tenant: Tenant, memberId: number) =>
  (await get(tenant, `/v1/member/${memberId}/visits`)).data as { id: number; found_by: string }[];

describe('a day-pass walk-in', () => {
  it('is kept with their visit, "Day pass", but in no member figure or list', async () => {
    const before = await figures(g.owner);
    expect(before.expiringTotal).toBe(1);
    const prospects = (await get(g.owner, '/v1/comms/audience?group=all_prospects&channel=sms'))
      .data.recipients;
    const { member, check_in } = await sell(g.owner, '08095550001');

    expect(await figures(g.owner)).toEqual(before);
    // Kept: their record, payment and visit, the visit reading "Day pass".
    const walkIn = (await get(g.owner, `/v1/member/${member.id}`)).data;
    expect(walkIn).toMatchObject({ is_walk_in: true, mobile_number: '+2348095550001' });
    expect(await visitsOf(g.owner, member.id)).toMatchObject([
      { id: check_in.visit.id, found_by: 'day_pass' },
    ]);
    const today = await get(g.owner, '/v1/check-in?found_by=day_pass');
    expect(today.data.map((v: { id: number }) => v.id)).toEqual([check_in.visit.id]);
    // Found among the walk-ins, counted apart, a prospect to message.
    const walkIns = await get(g.owner, '/v1/member?kind=walk_in');
    expect(walkIns.data.map((m: { id: number }) => m.id)).toEqual([member.id]);
    expect(walkIns.meta.total).toBe(1);
    expect((await get(g.owner, '/v1/member/summary')).data.walk_ins).toBe(1);
    expect(
      (await get(g.owner, '/v1/comms/audience?group=all_prospects&channel=sms')).data.recipients,
    ).toBe(prospects + 1);
    // Neither at risk.
    const atRisk = await get(g.owner, '/v1/dashboard/at-risk');
    expect(atRisk.data.map((m: { id: number }) => m.id)).not.toContain(member.id);
  });

  it('joins when added as a member with the same phone: one record, the visit kept', async () => {
    const { member, check_in } = await sell(g.owner, '08095550002');
    const before = await figures(g.owner);
    const res = await call(t.app, 'POST', '/v1/member', {
      token: g.owner.token,
      body: memberBody({
        first_name: 'Tunde',
        last_name: 'Bello-Ade',
        mobile_number: '0809 555 0002',
        email_address: 'tunde@example.com',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      id: member.id,
      is_walk_in: false,
      last_name: 'Bello-Ade',
      email_address: 'tunde@example.com',
    });
    const stored = await t.db
      .select()
      .from(members)
      .where(
        and(eq(members.businessId, g.owner.businessId), eq(members.mobileNumber, '+2348095550002')),
      );
    expect(stored).toHaveLength(1);
    expect(await visitsOf(g.owner, member.id)).toMatchObject([
      { id: check_in.visit.id, found_by: 'day_pass' },
    ]);
    // A member now: counted and listed first (their day pass ended today: expiring too).
    const after = await figures(g.owner);
    expect(after).toEqual({
      ...withMember(before, member.id),
      expiring: after.expiring,
      expiringTotal: before.expiringTotal + 1,
    });
    expect(after.expiring).toContain(member.id);
    expect(await joinsOf(member.id)).toMatchObject([
      { actorKind: 'user', actorUserId: g.owner.userId, detail: { via: 'member' } },
    ]);
  });

  it('joins when they pay for a longer plan, the visit kept', async () => {
    const { member, check_in } = await sell(g.owner, '08095550003');
    const before = await figures(g.owner);
    // A second day pass leaves them a walk-in.
    await sell(g.owner, '08095550003');
    expect(await figures(g.owner)).toEqual(before);
    const paid = await pay(t, g.owner, paymentBody(member.id, monthly.id, 25000));
    expect((await get(g.owner, `/v1/member/${member.id}`)).data.is_walk_in).toBe(false);
    // Their day pass and the month both run today; the second day pass starts tomorrow.
    expect(await figures(g.owner)).toEqual(withMember(before, member.id, 2));
    expect((await visitsOf(g.owner, member.id)).map((v) => v.id)).toEqual([check_in.visit.id]);
    expect(await joinsOf(member.id)).toMatchObject([
      { actorKind: 'system', paymentId: paid.id, detail: { plan: 'Monthly' } },
    ]);
  });

  it("is another business's own: 404 elsewhere, and never joined by it", async () => {
    const { member } = await sell(g.other, '08095550004');
    for (const url of [`/v1/member/${member.id}`, `/v1/member/${member.id}/visits`]) {
      const res = await call(t.app, 'GET', url, { token: g.owner.token });
      expect(res.statusCode, url).toBe(404);
    }
    const mine = await addMember(t, g.owner.token, { mobile_number: '08095550004' });
    expect(mine.id).not.toBe(member.id);
    expect(mine.is_walk_in).toBe(false);
    expect((await get(g.other, `/v1/member/${member.id}`)).data.is_walk_in).toBe(true);
    const paying = await call(t.app, 'POST', '/v1/payment', {
      token: g.owner.token,
      body: paymentBody(member.id, monthly.id, 25000),
    });
    expect(paying.statusCode).toBe(404);
    expect((await get(g.other, `/v1/member/${member.id}`)).data.is_walk_in).toBe(true);
  });
});
