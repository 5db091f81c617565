import { addDays, formatDay, lagosDay, type Freeze } from '@kora/shared';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { freezes, payments } from '../../db/schema';
import { call } from '../../test/app';
import { storedAuditEntries } from '../../test/audit';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody, setSubscriptionDates, subscriptionsOf } from '../../test/payments';
import { memberTokenFor } from '../../test/portal';
import { requestFreeze } from '.';

/*
 * A freeze fee is a payment of the member: recorded with its receipt number in the freeze's own
 * transaction, counted in the drawer's expected cash, revenue and the dashboard like any payment,
 * voided or refunded with the usual rules.
 */

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'FEE' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHFEE' },
});
const ctx = () => ({ db: t.db, database: t.database, config: t.config }) as unknown as AppContext;
const today = lagosDay();
const day = (n: number) => addDays(today, n);

let withFee: { id: number };

beforeAll(async () => {
  withFee = await addPlan(t, owner.token, {
    name: 'Monthly',
    amount: 25000,
    freeze_allowed: true,
    freeze_fee: 2500,
  });
});

/** A member of the plan with a fee, their subscription running from 5 days ago for 30 days. */
const member = async (first = 'Ada') => {
  const m = await addMember(t, owner.token, { first_name: first, last_name: 'Obi' });
  const p = await pay(t, owner, paymentBody(m.id, withFee.id, 25000, { method: 'Card' }));
  await setSubscriptionDates(t, p.subscription.id, day(-5), day(25));
  return { id: m.id as number };
};

const freeze = (who: Tenant, memberId: number, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', `/v1/member/${memberId}/freeze`, {
    token: who.token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

const feePaymentsOf = (memberId: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.kind, 'freeze_fee')));

const get = async (who: Tenant, url: string) => {
  const res = await call(t.app, 'GET', url, { token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('a staff freeze with a fee', () => {
  it('records one payment of the fee, with its receipt and no subscription, in the figures', async () => {
    const m = await member();
    const cashBefore = (await get(staff, '/v1/cash-up/expected')).expected as number;
    const summaryBefore = await get(owner, '/v1/payment/summary');
    const dashBefore = (await get(owner, '/v1/dashboard')).cards.revenue_this_month as number;
    const subsBefore = await subscriptionsOf(t, m.id);

    // One freeze with its Idempotency-Key, sent again below.
    const sendFreeze = () =>
      freeze(
        staff,
        m.id,
        { start_date: day(1), end_date: day(10), fee_method: 'Cash' },
        'fee-freeze-1',
      );
    const res = await sendFreeze();
    expect(res.statusCode).toBe(201);
    const f: Freeze = res.json().data;

    const [fee, ...more] = await feePaymentsOf(m.id);
    expect(more).toHaveLength(0);
    expect(fee).toMatchObject({
      amountKobo: 250000,
      method: 'Cash',
      kind: 'freeze_fee',
      duration: 0,
      subscriptionTypeId: withFee.id,
      paidOn: today,
      purpose: `Freeze fee (${formatDay(day(1))} to ${formatDay(day(10))})`,
    });
    expect(fee!.receiptNumber).toMatch(/^FEE-\d{6}$/);
    expect(f.fee_receipt_number).toBe(fee!.receiptNumber);
    const [row] = await t.db.select().from(freezes).where(eq(freezes.id, f.id));
    expect(row!.feePaymentId).toBe(fee!.id);
    // No subscription bought: the one running only moved by the days frozen.
    const subsAfter = await subscriptionsOf(t, m.id);
    expect(subsAfter).toHaveLength(subsBefore.length);
    expect(subsAfter[0]!.expiryDate).toBe(addDays(day(25), 10));

    // The drawer expects the cash the staff took; revenue and the count include it.
    expect((await get(staff, '/v1/cash-up/expected')).expected).toBe(cashBefore + 2500);
    const dashboardBefore = dashBefore;
    const summary = await get(owner, '/v1/payment/summary');
    expect(summary.count).toBe(summaryBefore.count + 1);
    expect(summary.today).toBe(summaryBefore.today + 2500);
    expect(summary.this_month).toBe(summaryBefore.this_month + 2500);
    expect((await get(owner, '/v1/dashboard')).cards.revenue_this_month).toBe(
      dashboardBefore + 2500,
    );

    // The audit trail has the payment's entry, saying it is a freeze fee.
    const entries = await storedAuditEntries(t, { paymentId: fee!.id, action: 'payment.record' });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({ kind: 'freeze_fee', amount_kobo: 250000 });

    // The same freeze sent again records no second payment and answers the same receipt.
    const again = await sendFreeze();
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: f.id, fee_receipt_number: fee!.receiptNumber });
    expect(await feePaymentsOf(m.id)).toHaveLength(1);
    expect((await get(staff, '/v1/cash-up/expected')).expected).toBe(cashBefore + 2500);
  });

  it('records nothing when the freeze is refused', async () => {
    const m = await member('Bola');
    const res = await freeze(owner, m.id, {
      start_date: day(-3),
      end_date: day(5),
      fee_method: 'Cash',
    });
    expect(res.statusCode).toBe(422);
    expect(await feePaymentsOf(m.id)).toHaveLength(0);
  });

  it('records no payment for a plan without a fee', async () => {
    const free = await addPlan(t, owner.token, {
      name: 'Free freeze',
      amount: 100,
      freeze_allowed: true,
    });
    const m = await addMember(t, owner.token, { first_name: 'Chidi' });
    await pay(t, owner, paymentBody(m.id, free.id, 100));
    const res = await freeze(owner, m.id, { start_date: day(1), end_date: day(5) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fee_receipt_number).toBeNull();
    expect(await feePaymentsOf(m.id)).toHaveLength(0);
  });
});

describe("approving a member's request on a plan with a fee", () => {
  it('records the fee as a payment with the approval, once', async () => {
    const m = await member('Efe');
    const asked = await requestFreeze(ctx(), owner.businessId, m.id, {
      start_date: day(2),
      end_date: day(8),
      reason: 'Travel',
    });
    expect(asked.status).toBe('requested');
    expect(await feePaymentsOf(m.id)).toHaveLength(0);
    const url = `/v1/member/${m.id}/freeze/${asked.id}/approve`;
    const res = await call(t.app, 'POST', url, {
      token: staff.token,
      body: { fee_method: 'Transfer' },
    });
    expect(res.statusCode).toBe(200);
    const [fee, ...more] = await feePaymentsOf(m.id);
    expect(more).toHaveLength(0);
    expect(fee).toMatchObject({ amountKobo: 250000, method: 'Transfer', kind: 'freeze_fee' });
    expect(res.json().data.fee_receipt_number).toBe(fee!.receiptNumber);
    // Approving again is refused, and records no second fee.
    const twice = await call(t.app, 'POST', url, {
      token: staff.token,
      body: { fee_method: 'Transfer' },
    });
    expect(twice.statusCode).toBe(409);
    expect(await feePaymentsOf(m.id)).toHaveLength(1);
    // Another business sees neither the freeze nor its fee.
    const foreign = await call(t.app, 'GET', `/v1/payment/${fee!.id}/receipt`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

/** A member frozen by the owner with a fee paid by `method`; answers the fee's payment id. */
const frozenWithFee = async (first: string, method = 'Cash', who: Tenant = owner) => {
  const m = await member(first);
  const res = await freeze(who, m.id, {
    start_date: day(1),
    end_date: day(14),
    fee_method: method,
  });
  expect(res.statusCode).toBe(201);
  const [fee] = await feePaymentsOf(m.id);
  return { member: m, freeze: res.json().data as Freeze, paymentId: fee!.id };
};

describe("the fee's payment everywhere payments are read", () => {
  it('is listed and detailed as a freeze fee, and its receipt says so with the days frozen', async () => {
    const { member: m, paymentId } = await frozenWithFee('Funmi');
    const list = await get(owner, `/v1/payment?member_id=${m.id}`);
    const listed = list.find((p: { id: number }) => p.id === paymentId);
    expect(listed).toMatchObject({ kind: 'freeze_fee', amount: 2500, duration: 0 });
    expect(list.filter((p: { kind: string }) => p.kind === 'plan')).toHaveLength(1);

    const details = await get(owner, `/v1/payment/${paymentId}`);
    expect(details).toMatchObject({ kind: 'freeze_fee', subscriptions: [], can_void: true });

    const receipt = await get(owner, `/v1/payment/${paymentId}/receipt`);
    expect(receipt).toMatchObject({
      kind: 'freeze_fee',
      freeze_days: 14,
      start_date: day(1),
      expiry_date: day(14),
      amount: 2500,
      plan: { name: 'Monthly' },
      covered_members: [],
    });
    const token = receipt.receipt_url.split('/r/')[1];
    const page = await call(t.app, 'GET', `/r/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Freeze fee');
    expect(page.body).toContain(`${formatDay(day(1))} to ${formatDay(day(14))} (14 days)`);
    expect(page.body).not.toContain('Periods');
    expect(page.body).not.toContain('Starts');

    // Another business: 404, as for a missing payment.
    for (const url of [`/v1/payment/${paymentId}`, `/v1/payment/${paymentId}/receipt`]) {
      const res = await call(t.app, 'GET', url, { token: other.token });
      expect(res.statusCode).toBe(404);
    }
  });

  it('is voided with the usual rules: it leaves the figures, the freeze stays', async () => {
    const cashBefore = (await get(owner, '/v1/cash-up/expected')).expected as number;
    const { freeze: f, member: m, paymentId } = await frozenWithFee('Gbenga');
    expect((await get(owner, '/v1/cash-up/expected')).expected).toBe(cashBefore + 2500);
    const summaryBefore = await get(owner, '/v1/payment/summary');
    const res = await call(t.app, 'POST', `/v1/payment/${paymentId}/void`, {
      token: owner.token,
      body: { reason: 'Wrong member' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ voided: true, kind: 'freeze_fee' });
    expect((await get(owner, '/v1/cash-up/expected')).expected).toBe(cashBefore);
    expect((await get(owner, '/v1/payment/summary')).today).toBe(summaryBefore.today - 2500);
    const [row] = await t.db.select().from(freezes).where(eq(freezes.id, f.id));
    expect(row).toMatchObject({ status: 'approved', feePaymentId: paymentId });
    const subs = await subscriptionsOf(t, m.id);
    expect(subs[0]!.expiryDate).toBe(addDays(day(25), 14));
  });

  it('is refunded with "keep" only (it bought no subscription), and revenue follows', async () => {
    const { paymentId } = await frozenWithFee('Halima', 'Card');
    const refund = (subscription: string, key: string) =>
      call(t.app, 'POST', `/v1/payment/${paymentId}/refund`, {
        token: owner.token,
        body: { amount: 1000, method: 'Cash', reason: 'Trip cancelled', subscription },
        headers: { 'idempotency-key': key },
      });
    const ended = await refund('end', 'fee-refund-end');
    expect(ended.statusCode).toBe(400);
    expect(ended.json().errors.subscription).toMatch(/freeze fee bought no subscription/);
    const before = (await get(owner, '/v1/payment/summary')).today as number;
    const kept = await refund('keep', 'fee-refund-keep');
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data).toMatchObject({ refunded: 1000, kind: 'freeze_fee' });
    expect((await get(owner, '/v1/payment/summary')).today).toBe(before - 1000);
  });
});

describe("the member's own records", () => {
  it("list the fee on the member's page and in their data export as a freeze fee", async () => {
    const { member: m, paymentId } = await frozenWithFee('Ifeoma');
    const [fee] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    const token = await memberTokenFor(t, owner.businessId, m.id);
    const me = await call(t.app, 'GET', '/v1/portal/FEE/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.payments[0]).toMatchObject({
      receipt_number: fee!.receiptNumber,
      amount: 2500,
      plan_name: 'Freeze fee (Monthly)',
    });

    const res = await call(t.app, 'GET', `/v1/member/${m.id}/export`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const csv = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['payments.csv']!);
    const line = csv.split(/\r?\n/).find((l) => l.includes(fee!.receiptNumber));
    expect(line).toContain('Freeze fee (Monthly)');
  });
});
