import { addDays, formatDay, lagosDay } from '@kora/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, payments } from '../../db/schema';
import { call } from '../../test/app';
import { storedAuditEntries } from '../../test/audit';
import { snapshot } from '../../test/contract-matrix';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody } from '../../test/payments';

/*
 * Desk transfers ticked against the bank statement, one by one or a day at a time; the list's
 * status filters, its export, and the dashboard's count of transfers waiting more than two days.
 */

const t = useTestApp();
const { owner, admin, staff, other } = useTenants(t, {
  owner: { code: 'CNF' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHC' },
});

let monthly: { id: number };
const today = lagosDay();

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
});

const get = (tenant: Tenant, url: string) => call(t.app, 'GET', url, { token: tenant.token });
const post = (tenant: Tenant, url: string, body?: unknown) =>
  call(t.app, 'POST', url, { token: tenant.token, body });

/** A payment of a new member, recorded by `tenant` at the desk, on `day` (today by default). */
const payOn = async (method: string, day = today, tenant: Tenant = staff) => {
  const member = await addMember(t, owner.token, { first_name: 'Kemi', last_name: 'Ade' });
  const paid = await pay(t, tenant, paymentBody(member.id, monthly.id, 25000, { method }));
  if (day !== today)
    await t.db.update(payments).set({ paidOn: day }).where(eq(payments.id, paid.id));
  return paid;
};

const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((p) => p.id);

describe('POST /v1/payment/:id/confirm', () => {
  it('ticks a desk transfer once, with its audit entry; the next tick answers it as it is', async () => {
    const paid = await payOn('Transfer');
    expect(paid).toMatchObject({ confirmed: false, needs_confirmation: true });
    expect(ids(await get(owner, '/v1/payment?status=unconfirmed'))).toContain(paid.id);

    const res = await post(owner, `/v1/payment/${paid.id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      confirmed: true,
      needs_confirmation: false,
      confirmed_by_name: 'Ada Okafor',
    });
    const confirmedAt = res.json().data.confirmed_at;
    expect(confirmedAt).toBeTruthy();
    expect(ids(await get(owner, '/v1/payment?status=unconfirmed'))).not.toContain(paid.id);

    const again = await post(admin, `/v1/payment/${paid.id}/confirm`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.confirmed_at).toBe(confirmedAt);
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.paymentId, paid.id), eq(auditEntries.action, 'payment.confirm')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: owner.userId, memberId: paid.member_id });
  });

  it('answers a Cash or Card payment as it is (confirmed when recorded)', async () => {
    const paid = await payOn('Cash');
    expect(paid.confirmed).toBe(true);
    const dbBefore = await snapshot(t);
    const res = await post(owner, `/v1/payment/${paid.id}/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.confirmed).toBe(true);
    expect(await snapshot(t)).toEqual(dbBefore);
  });

  it('refuses a voided transfer, staff, and another business', async () => {
    const paid = await payOn('Transfer', today, owner);
    expect((await post(owner, `/v1/payment/${paid.id}/void`, { reason: 'Typo' })).statusCode).toBe(
      200,
    );
    const voided = await post(owner, `/v1/payment/${paid.id}/confirm`);
    expect(voided.statusCode).toBe(409);
    expect(voided.json().code).toBe('PAYMENT_VOIDED');

    const open = await payOn('Transfer');
    const byStaff = await post(staff, `/v1/payment/${open.id}/confirm`);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().code).toBe('ROLE_FORBIDDEN');
    const byOther = await post(other, `/v1/payment/${open.id}/confirm`);
    expect(byOther.statusCode).toBe(404);
    const row = (await t.db.select().from(payments).where(eq(payments.id, open.id)))[0]!;
    expect(row.confirmedAt).toBeNull();
  });
});

describe('POST /v1/payment/confirm-day', () => {
  it("ticks every unconfirmed transfer of that Lagos day, and only this business's", async () => {
    const day = addDays(today, -20);
    const a = await payOn('Transfer', day);
    const b = await payOn('Transfer', day);
    const voided = await payOn('Transfer', day, owner);
    await post(owner, `/v1/payment/${voided.id}/void`, { reason: 'Duplicate' });
    const nextDay = await payOn('Transfer', addDays(day, 1));
    const theirPlan = await addPlan(t, other.token, { amount: 100 });
    const theirMember = await addMember(t, other.token);
    const theirs = await pay(t, other, paymentBody(theirMember.id, theirPlan.id, 100));
    await t.db.update(payments).set({ paidOn: day }).where(eq(payments.id, theirs.id));

    const res = await post(admin, '/v1/payment/confirm-day', { day });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ confirmed: 2 });
    const confirmed = async (id: number) =>
      (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.confirmedAt !== null;
    expect([a.id, b.id, voided.id, nextDay.id, theirs.id].map(confirmed)).toHaveLength(5);
    expect(
      await Promise.all([a.id, b.id, voided.id, nextDay.id, theirs.id].map(confirmed)),
    ).toEqual([true, true, false, false, false]);
    // One entry says how many were ticked, and which day.
    const entries = await storedAuditEntries(t, {
      businessId: owner.businessId,
      action: 'payment.confirm',
      recordLabel: formatDay(day),
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({ day, count: 2, amount_kobo: 5_000_000 });

    // Again: nothing left to tick, nothing written.
    const dbBefore = await snapshot(t);
    expect((await post(admin, '/v1/payment/confirm-day', { day })).json().data).toEqual({
      confirmed: 0,
    });
    expect(await snapshot(t)).toEqual(dbBefore);
  });

  it('needs a real day, and an owner or admin', async () => {
    for (const day of ['', '2026-02-30', 'yesterday', null]) {
      const res = await post(owner, '/v1/payment/confirm-day', { day });
      expect(res.statusCode, String(day)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['day']);
    }
    expect((await post(staff, '/v1/payment/confirm-day', { day: today })).statusCode).toBe(403);
  });
});

describe('the list, its export and the dashboard', () => {
  it('counts transfers waiting more than two days on the dashboard, linking to them', async () => {
    const before = addDays(today, -2);
    const waiting = await get(owner, '/v1/dashboard');
    const start = waiting.json().data.unconfirmed_transfers;
    expect(start.before).toBe(before);
    const theirs = (await get(other, '/v1/dashboard')).json().data.unconfirmed_transfers;

    const old = await payOn('Transfer', addDays(today, -3));
    const edge = await payOn('Transfer', before);
    await payOn('Transfer', addDays(today, -1));
    await payOn('Card', addDays(today, -5));
    const voided = await payOn('Transfer', addDays(today, -4), owner);
    await post(owner, `/v1/payment/${voided.id}/void`, { reason: 'Wrong member' });

    const now = (await get(owner, '/v1/dashboard')).json().data.unconfirmed_transfers;
    expect(now).toEqual({ count: start.count + 2, amount: start.amount + 50000, before });

    // The dashboard's link: exactly those.
    const linked = await get(owner, `/v1/payment?status=unconfirmed&unconfirmed_before=${before}`);
    expect(linked.statusCode).toBe(200);
    expect(ids(linked)).toEqual(expect.arrayContaining([old.id, edge.id]));
    expect(linked.json().total).toBe(now.count);
    expect(
      linked.json().data.every((p: { needs_confirmation: boolean }) => p.needs_confirmation),
    ).toBe(true);
    // Staff see no sums of money unless the owner lets them (Staff see revenue); another
    // business sees none of these.
    expect((await get(staff, '/v1/dashboard')).json().data.unconfirmed_transfers).toBeNull();
    expect((await get(other, '/v1/dashboard')).json().data.unconfirmed_transfers).toEqual(theirs);
  });

  it('filters by status, with totals that match the rows, and exports the same rows', async () => {
    const page = (query: string) => get(owner, `/v1/payment?per_page=100&${query}`);
    const all = (await page('')).json();
    const listed = async (status: string) => {
      const res = await page(`status=${status}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total, status).toBe(res.json().data.length);
      return res.json().data as {
        id: number;
        voided: boolean;
        refunded: number;
        needs_confirmation: boolean;
      }[];
    };
    const voided = await listed('voided');
    const valid = await listed('valid');
    expect(voided.length).toBeGreaterThan(0);
    expect(voided.every((p) => p.voided)).toBe(true);
    expect(valid.every((p) => !p.voided)).toBe(true);
    // Every payment is voided or valid; the list without a status shows both.
    expect(all.total).toBe(voided.length + valid.length);
    expect(all.data).toHaveLength(all.total);

    const paid = await payOn('Cash', today, owner);
    const refunded = await post(owner, `/v1/payment/${paid.id}/refund`, {
      amount: 5000,
      method: 'Cash',
      reason: 'Overcharged',
      subscription: 'keep',
    });
    expect(refunded.statusCode).toBe(201);
    const withRefunds = await listed('refunded');
    expect(withRefunds.map((p) => p.id)).toEqual([paid.id]);
    expect((await listed('unconfirmed')).every((p) => p.needs_confirmation)).toBe(true);
    const bad = await get(owner, '/v1/payment?status=deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe('Status must be voided, refunded, unconfirmed or valid');

    // The export keeps the same rows: the voided ones count nothing in its Net column.
    const csv = (await get(owner, '/v1/payment/export?status=voided')).body.slice(1);
    const lines = csv.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(voided.length);
    for (const line of lines) expect(line).toMatch(/,Voided,0\.00,0\.00$/);
    const refundedCsv = (await get(owner, '/v1/payment/export?status=refunded')).body.slice(1);
    expect(refundedCsv.split('\r\n').slice(1, -1)).toEqual([
      expect.stringMatching(/,Part refunded,5000\.00,20000\.00$/),
    ]);
  });
});
