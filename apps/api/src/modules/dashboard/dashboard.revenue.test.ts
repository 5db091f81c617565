import { beforeAll, describe, expect, it } from 'vitest';
import { call, json } from '../../test/app';
import { auditEntriesAfter, lastAuditId } from '../../test/audit';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';

/*
 * Money totals are for owners and admins: staff get the dashboard's counts and lists, the
 * payments list and its count, but no revenue cards, charts, summary totals or payments export,
 * until the owner turns on "Staff see revenue".
 */

const t = useTestApp();
const g = useTenants(t, {
  owner: { code: 'REV' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
});

const get = (tenant: Tenant, url: string) => call(t.app, 'GET', url, { token: tenant.token });
const setStaffSeeRevenue = async (on: boolean) => {
  const res = await call(t.app, 'PATCH', '/v1/business/profile', {
    token: g.owner.token,
    body: { staff_see_revenue: on },
  });
  expect(res.statusCode).toBe(200);
  expect(json(res).data.staff_see_revenue).toBe(on);
};

let paymentId: number;
beforeAll(async () => {
  const plan = await addPlan(t, g.owner.token, { name: 'Monthly', amount: 25000 });
  const member = await addMember(t, g.owner.token);
  paymentId = (await pay(t, g.staff, paymentBody(member.id, plan.id, 25000, { method: 'Cash' })))
    .id;
});

/** What `tenant` sees of the money: the dashboard, the summary and the export's status. */
const moneyOf = async (tenant: Tenant) => {
  const dashboard = json(await get(tenant, '/v1/dashboard')).data;
  const summary = json(await get(tenant, '/v1/payment/summary')).data;
  const exported = await get(tenant, '/v1/payment/export');
  return { dashboard, summary, exported };
};

describe('money totals by role', () => {
  it('staff get counts and lists but no revenue totals, and no payments export', async () => {
    const { dashboard, summary, exported } = await moneyOf(g.staff);
    expect(dashboard.revenue_visible).toBe(false);
    expect(dashboard.cards).toMatchObject({
      total_members: 1,
      active_subscriptions: 1,
      revenue_this_month: null,
      revenue_last_month_same_days: null,
      revenue_change_percent: null,
      revenue_year_to_date: null,
    });
    expect(dashboard.revenue_trend).toEqual([]);
    expect(dashboard.revenue_by_plan).toEqual([]);
    expect(dashboard.payments_by_method).toEqual([]);
    expect(dashboard.unconfirmed_transfers).toBeNull();
    expect(summary).toEqual({
      count: 1,
      today: null,
      this_month: null,
      year_to_date: null,
      average: null,
    });
    expect(exported.statusCode).toBe(403);
    expect(json(exported)).toMatchObject({
      code: 'REVENUE_HIDDEN',
      message: 'Only the business owner or an admin can see revenue totals.',
    });
    // What the desk needs stays: the payments list, a payment's page, today's attendance.
    expect(json(await get(g.staff, '/v1/payment')).data).toHaveLength(1);
    expect((await get(g.staff, `/v1/payment/${paymentId}`)).statusCode).toBe(200);
    expect((await get(g.staff, '/v1/dashboard/attendance')).statusCode).toBe(200);
  });

  it('admins and owners see every total', async () => {
    for (const tenant of [g.admin, g.owner]) {
      const { dashboard, summary, exported } = await moneyOf(tenant);
      expect(dashboard.revenue_visible).toBe(true);
      expect(dashboard.cards.revenue_this_month).toBe(25000);
      expect(dashboard.revenue_by_plan).toMatchObject([{ name: 'Monthly', revenue: 25000 }]);
      expect(dashboard.unconfirmed_transfers).toMatchObject({ count: 0 });
      expect(summary).toMatchObject({ count: 1, today: 25000, this_month: 25000 });
      expect(exported.statusCode).toBe(200);
    }
  });

  it('staff see them once the owner turns on "Staff see revenue", in the audit trail', async () => {
    // Only the owner decides: an admin is refused and nothing changes.
    const byAdmin = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: g.admin.token,
      body: { staff_see_revenue: true },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(json(byAdmin).code).toBe('OWNER_ONLY');
    expect(json(await get(g.staff, '/v1/business/profile')).data.staff_see_revenue).toBe(false);

    const before = await lastAuditId(t);
    await setStaffSeeRevenue(true);
    const [entry] = await auditEntriesAfter(t, before);
    expect(entry).toMatchObject({
      action: 'business.update',
      actor_user_id: g.owner.userId,
      changes: { staff_see_revenue: { from: false, to: true } },
    });
    const { dashboard, summary, exported } = await moneyOf(g.staff);
    expect(dashboard.revenue_visible).toBe(true);
    expect(dashboard.cards.revenue_this_month).toBe(25000);
    expect(summary.today).toBe(25000);
    expect(exported.statusCode).toBe(200);

    await setStaffSeeRevenue(false);
    expect((await moneyOf(g.staff)).dashboard.cards.revenue_this_month).toBeNull();
  });
});
