import { discountKobo } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { call, json } from '../../test/app';
import { auditEntriesAfter, lastAuditId } from '../../test/audit';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody, payForPeriod, postPayment } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';

/*
 * Record Payment's discount (naira or percent, with a reason; owners and admins, staff when the
 * owner allows it) and the day paid (owners and admins, up to 31 days back). Staff send an
 * earlier time only as an offline desk does. The clock is fixed at 07:42 in Lagos on 27
 * November 2026.
 */
const NOW = new Date('2026-11-27T07:42:00+01:00');
useFixedClock(NOW);

const t = useTestApp();
const g = useTenants(t, {
  owner: { code: 'DSC' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'DSO' },
});

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, g.owner.token, { name: 'Monthly', amount: 25000 });
});

const stored = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const body = (memberId: number, extra: Record<string, unknown> = {}) =>
  paymentBody(memberId, plan.id, plan.amount, { method: 'Cash', ...extra });
const setStaffAllowance = async (field: string, on: boolean) => {
  const res = await call(t.app, 'PATCH', '/v1/business/profile', {
    token: g.owner.token,
    body: { [field]: on },
  });
  expect(res.statusCode).toBe(200);
};

describe('a discount on POST /v1/payment', () => {
  it('takes naira off the price, kobo exact, and shows it on the payment, its page and list', async () => {
    const m = await addMember(t, g.owner.token);
    const before = await lastAuditId(t);
    const data = await pay(
      t,
      g.owner,
      body(m.id, { discount: { type: 'naira', value: 2500.5, reason: 'Loyal member' } }),
    );
    expect(data).toMatchObject({
      amount: 22499.5,
      discount: { amount: 2500.5, percent: null, reason: 'Loyal member' },
      paid_on_source: 'recorded',
      subscription: { subscription_amount: 22499.5 },
    });
    expect(await stored(data.id)).toMatchObject({
      amountKobo: 2249950,
      discountKobo: 250050,
      discountBp: null,
      discountReason: 'Loyal member',
    });
    const details = await call(t.app, 'GET', `/v1/payment/${data.id}`, { token: g.staff.token });
    expect(json(details).data.discount).toEqual({
      amount: 2500.5,
      percent: null,
      reason: 'Loyal member',
    });
    const list = await call(t.app, 'GET', `/v1/payment?member_id=${m.id}`, {
      token: g.staff.token,
    });
    expect(json(list).data[0]).toMatchObject({ amount: 22499.5, discount: { amount: 2500.5 } });
    const [entry] = (await auditEntriesAfter(t, before)).filter(
      (e) => e.action === 'payment.record',
    );
    expect(entry!.detail).toMatchObject({
      amount_kobo: 2249950,
      price_kobo: 2500000,
      discount_kobo: 250050,
      discount_reason: 'Loyal member',
    });
  });

  it('takes a percent of the price, rounded to the nearest kobo, as the shared rule does', async () => {
    const m = await addMember(t, g.owner.token);
    const odd = await addPlan(t, g.owner.token, { name: 'Odd', amount: 33333.33 });
    // 12.5 % of ₦99,999.99 is 1,249,999.875 kobo: 1,250,000 off, 8,749,999 paid.
    const data = await pay(
      t,
      g.admin,
      paymentBody(m.id, odd.id, 99999.99, {
        duration: 3,
        discount: { type: 'percent', value: 12.5, reason: 'Promo' },
      }),
    );
    expect(discountKobo(9999999, { type: 'percent', value: 12.5 })).toBe(1250000);
    expect(data).toMatchObject({
      amount: 87499.99,
      discount: { amount: 12500, percent: 12.5, reason: 'Promo' },
    });
    expect(await stored(data.id)).toMatchObject({ amountKobo: 8749999, discountBp: 1250 });
  });

  it('lets a discount reach ₦0 but never below: more than the price is refused', async () => {
    const m = await addMember(t, g.owner.token);
    const free = await pay(
      t,
      g.owner,
      body(m.id, { discount: { type: 'percent', value: 100, reason: 'Staff family' } }),
    );
    expect(free.amount).toBe(0);
    const tooMuch = await postPayment(
      t,
      g.owner,
      body(m.id, { discount: { type: 'naira', value: 25000.01, reason: 'Oops' } }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch)).toMatchObject({
      code: 'DISCOUNT_TOO_LARGE',
      message: 'The discount cannot be more than the price (₦25,000).',
    });
  });

  it('needs a reason and a JSON number; a percent is at most 100', async () => {
    const m = await addMember(t, g.owner.token);
    const cases: [unknown, string, string][] = [
      [{ type: 'naira', value: 500 }, 'discount.reason', 'Please give a reason for the discount'],
      [
        { type: 'naira', value: 500, reason: '   ' },
        'discount.reason',
        'Please give a reason for the discount',
      ],
      [
        { type: 'percent', value: 100.5, reason: 'x' },
        'discount.value',
        'A percent discount must be at most 100',
      ],
      [
        { type: 'naira', value: '500', reason: 'x' },
        'discount.value',
        'Discount must be a number greater than 0',
      ],
      [
        { type: 'naira', value: 0, reason: 'x' },
        'discount.value',
        'Discount must be a number greater than 0',
      ],
      [
        { type: 'naira', value: 1.005, reason: 'x' },
        'discount.value',
        'Discount can have at most two decimals',
      ],
      [
        { type: 'coupon', value: 5, reason: 'x' },
        'discount.type',
        'Discount must be in naira or a percent',
      ],
    ];
    for (const [discount, field, message] of cases) {
      const res = await postPayment(t, g.owner, body(m.id, { discount }));
      expect(res.statusCode, JSON.stringify(discount)).toBe(400);
      expect(json(res).errors[field]).toBe(message);
    }
    expect(await t.db.select().from(payments).where(eq(payments.memberId, m.id))).toHaveLength(0);
  });

  it('is refused to staff until the owner allows it, and only the owner may allow it', async () => {
    const m = await addMember(t, g.owner.token);
    const discounted = body(m.id, { discount: { type: 'naira', value: 1000, reason: 'Regular' } });
    const refused = await postPayment(t, g.staff, discounted);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      code: 'DISCOUNT_NOT_ALLOWED',
      message: 'Only the business owner or an admin can give a discount.',
    });
    // An admin cannot widen what staff may do.
    const byAdmin = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: g.admin.token,
      body: { staff_give_discounts: true },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(json(byAdmin).message).toBe('Only the business owner can change this.');

    const before = await lastAuditId(t);
    await setStaffAllowance('staff_give_discounts', true);
    const [change] = await auditEntriesAfter(t, before);
    expect(change).toMatchObject({
      action: 'business.update',
      changes: { staff_give_discounts: { from: false, to: true } },
    });
    const allowed = await postPayment(t, g.staff, discounted);
    expect(allowed.statusCode).toBe(201);
    expect(json(allowed).data).toMatchObject({ amount: 24000, discount: { reason: 'Regular' } });
    await setStaffAllowance('staff_give_discounts', false);
    expect((await postPayment(t, g.staff, discounted)).statusCode).toBe(403);
  });

  it('answers another business’s member as not found and records nothing', async () => {
    const theirs = await addMember(t, g.other.token);
    const res = await postPayment(
      t,
      g.owner,
      body(theirs.id, { discount: { type: 'naira', value: 10, reason: 'x' } }),
    );
    expect(res.statusCode).toBe(404);
    const mine = await pay(
      t,
      g.owner,
      body((await addMember(t, g.owner.token)).id, {
        discount: { type: 'naira', value: 10, reason: 'x' },
      }),
    );
    const peek = await call(t.app, 'GET', `/v1/payment/${mine.id}`, { token: g.other.token });
    expect(peek.statusCode).toBe(404);
  });
});

describe('the day paid on POST /v1/payment', () => {
  it('an owner records a payment made 31 days ago: counted on that day, the subscription from it', async () => {
    const m = await addMember(t, g.owner.token);
    const before = await lastAuditId(t);
    const res = await postPayment(t, g.owner, body(m.id, { paid_on: '2026-10-27' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      paid_on: '2026-10-27',
      paid_on_source: 'entered',
      subscription: { start_date: '2026-10-27', expiry_date: '2026-11-26' },
    });
    const [entry] = (await auditEntriesAfter(t, before)).filter(
      (e) => e.action === 'payment.record',
    );
    expect(entry!.detail).toMatchObject({ paid_on: '2026-10-27', paid_on_source: 'entered' });
    expect((await stored(json(res).data.id)).paidOnSource).toBe('entered');
  });

  it('a renewal paid on an earlier day starts after the period running then', async () => {
    const m = await addMember(t, g.owner.token);
    await payForPeriod(t, g.owner, m.id, plan, ['2026-10-21', '2026-11-20']);
    const res = await postPayment(t, g.admin, body(m.id, { paid_on: '2026-11-15' }));
    expect(res.statusCode, res.body).toBe(201);
    // Paid today it would start today; paid on 15 November it renews from 21 November.
    expect(json(res).data.subscription).toMatchObject({
      start_date: '2026-11-21',
      expiry_date: '2026-12-20',
    });
  });

  it('refuses 32 days back and the future (422), and any earlier day from staff (403)', async () => {
    const m = await addMember(t, g.owner.token);
    for (const [day, message] of [
      ['2026-10-26', 'Day paid must be within the last 31 days'],
      ['2026-11-28', 'Day paid cannot be in the future'],
    ] as const) {
      const res = await postPayment(t, g.owner, body(m.id, { paid_on: day }));
      expect(res.statusCode, day).toBe(422);
      expect(json(res)).toMatchObject({ message, errors: { paid_on: message } });
    }
    const staff = await postPayment(t, g.staff, body(m.id, { paid_on: '2026-11-26' }));
    expect(staff.statusCode).toBe(403);
    expect(json(staff).message).toBe(
      'Only the business owner or an admin can record an earlier day paid.',
    );
    const both = await postPayment(
      t,
      g.owner,
      body(m.id, { paid_on: '2026-11-26', recorded_at: '2026-11-26T10:00:00+01:00' }),
    );
    expect(both.statusCode).toBe(400);
    expect(await t.db.select().from(payments).where(eq(payments.memberId, m.id))).toHaveLength(0);
  });

  it('staff send an earlier time only as an offline desk does: Cash, with its key', async () => {
    const m = await addMember(t, g.owner.token);
    const yesterday = '2026-11-26T19:05:00+01:00';
    const online = await postPayment(t, g.staff, body(m.id, { recorded_at: yesterday }));
    expect(online.statusCode).toBe(403);
    expect(json(online).code).toBe('RECORDED_AT_OFFLINE_ONLY');
    const transfer = await postPayment(
      t,
      g.staff,
      body(m.id, { method: 'Transfer', recorded_at: yesterday }),
      'staff-transfer',
    );
    expect(transfer.statusCode).toBe(403);
    const replay = await postPayment(t, g.staff, body(m.id, { recorded_at: yesterday }), 'desk-1');
    expect(replay.statusCode).toBe(201);
    expect(json(replay).data).toMatchObject({ paid_on: '2026-11-26', paid_on_source: 'offline' });
  });
});
