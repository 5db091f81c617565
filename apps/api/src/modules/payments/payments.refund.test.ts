import { addDays, lagosDay, PAYMENT_MESSAGES, renewalChainedMessage } from '@kora/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, memberCover, payments, refunds } from '../../db/schema';
import { call } from '../../test/app';
import { snapshot } from '../../test/contract-matrix';
import { useTenants, useTestApp } from '../../test/hooks';
import { addGroupPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody, subscriptionsOf } from '../../test/payments';

/* Money given back on a payment: how much, what happens to the subscription, and the figures. */

const t = useTestApp();
const { owner, admin, staff, other } = useTenants(t, {
  owner: { code: 'RFD' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHR' },
});

let monthly: { id: number };
const today = lagosDay();

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
});

const refund = (tenant: Tenant, id: number, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', `/v1/payment/${id}/refund`, {
    token: tenant.token,
    body: { method: 'Cash', reason: 'Moved to Abuja', subscription: 'keep', ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });

const payFor = async (method = 'Card') => {
  const member = await addMember(t, owner.token, { first_name: 'Ngozi', last_name: 'Eze' });
  const paid = await pay(t, owner, paymentBody(member.id, monthly.id, 25000, { method }));
  return { member, paid };
};

const paymentRow = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const refundsOf = (id: number) => t.db.select().from(refunds).where(eq(refunds.paymentId, id));
const summary = async () =>
  (await call(t.app, 'GET', '/v1/payment/summary', { token: owner.token })).json().data;

describe('POST /v1/payment/:id/refund', () => {
  it('records the refund, shows it on the payment, and takes it off today’s figures', async () => {
    const { member, paid } = await payFor();
    const before = await summary();
    const res = await refund(owner, paid.id, { amount: 10000.5, method: 'Transfer' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ id: paid.id, refunded: 10000.5, voided: false, can_void: false });
    expect(data.refunds).toEqual([
      expect.objectContaining({
        amount: 10000.5,
        method: 'Transfer',
        reason: 'Moved to Abuja',
        subscription_action: 'keep',
        new_expiry_date: null,
        refunded_on: today,
        recorded_by_name: 'Ada Okafor',
      }),
    ]);
    expect(data.subscriptions[0]).toMatchObject({
      expiry_date: paid.subscription.expiry_date,
      is_active: true,
    });
    expect((await paymentRow(paid.id)).refundedKobo).toBe(1_000_050);
    expect(await refundsOf(paid.id)).toEqual([
      expect.objectContaining({
        amountKobo: 1_000_050,
        memberId: member.id,
        subscriptionTypeId: monthly.id,
        refundedOn: today,
        recordedBy: owner.userId,
      }),
    ]);
    // The payment still counts; its money less the refund.
    const after = await summary();
    expect(after.count).toBe(before.count);
    expect(after.today).toBeCloseTo(before.today - 10000.5, 2);
    // The list's refunded filter finds it.
    const listed = (
      await call(t.app, 'GET', '/v1/payment?status=refunded', { token: owner.token })
    ).json();
    expect(listed.data.map((p: { id: number }) => p.id)).toContain(paid.id);
    expect(listed.data.find((p: { id: number }) => p.id === paid.id).refunded).toBe(10000.5);
    // Its audit entry, in the same transaction.
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.paymentId, paid.id), eq(auditEntries.action, 'payment.refund')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ memberId: member.id, actorUserId: owner.userId });
    expect(entries[0]!.detail).toMatchObject({ amount_kobo: 1_000_050, reason: 'Moved to Abuja' });
  });

  it('refunds at most what was paid less earlier refunds', async () => {
    const { paid } = await payFor();
    expect((await refund(admin, paid.id, { amount: 20000 })).statusCode).toBe(201);
    const tooMuch = await refund(admin, paid.id, { amount: 5000.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('REFUND_TOO_LARGE');
    expect(tooMuch.json().errors.amount).toBe(`${PAYMENT_MESSAGES.refundTooLarge} At most ₦5,000.`);
    for (const amount of [0, -5, 'abc', 1e12]) {
      const res = await refund(admin, paid.id, { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors.amount, String(amount)).toBeTruthy();
    }
    expect((await refund(admin, paid.id, { amount: 5000 })).statusCode).toBe(201);
    const full = await refund(admin, paid.id, { amount: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('PAYMENT_REFUNDED');
    expect((await paymentRow(paid.id)).refundedKobo).toBe(2_500_000);
    expect(await refundsOf(paid.id)).toHaveLength(2);
  });

  it('is safe to send twice with an Idempotency-Key', async () => {
    const { paid } = await payFor();
    const key = `refund-${paid.id}`;
    const [a, b] = await Promise.all([
      refund(owner, paid.id, { amount: 3000 }, key),
      refund(owner, paid.id, { amount: 3000 }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.refunds).toEqual(b.json().data.refunds);
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect((await paymentRow(paid.id)).refundedKobo).toBe(300_000);
    // The same key for another payment is refused.
    const { paid: another } = await payFor();
    const reused = await refund(owner, another.id, { amount: 3000 }, key);
    expect(reused.statusCode).toBe(409);
    expect(await refundsOf(another.id)).toHaveLength(0);
    // The same key with another amount is another refund, not a retry: refused, nothing written.
    const changed = await refund(owner, paid.id, { amount: 4000 }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'This request was already sent with different details. Refresh the page and try again.',
    );
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect((await paymentRow(paid.id)).refundedKobo).toBe(300_000);
  });

  it('ends the subscription today, or shortens it to a day between its start and its end', async () => {
    const ended = await payFor();
    const res = await refund(owner, ended.paid.id, { amount: 25000, subscription: 'end' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.subscriptions[0]).toMatchObject({ expiry_date: today });
    expect(res.json().data.refunds[0]).toMatchObject({
      subscription_action: 'end',
      new_expiry_date: today,
    });
    expect(res.json().data.refunded).toBe(25000);
    const cover = (
      await t.db.select().from(memberCover).where(eq(memberCover.memberId, ended.member.id))
    )[0]!;
    expect(cover.paidThrough).toBe(today);

    const short = await payFor();
    const { start_date: start, expiry_date: end } = short.paid.subscription;
    for (const [day, message] of [
      [addDays(start, -1), 'The last day cannot be before the subscription starts'],
      [addDays(end, 1), "The last day cannot be after the subscription's current last day"],
    ] as const) {
      const refused = await refund(owner, short.paid.id, {
        amount: 100,
        subscription: 'shorten',
        expiry_date: day,
      });
      expect(refused.statusCode, day).toBe(400);
      expect(refused.json().errors.expiry_date).toMatch(message);
    }
    const missing = await refund(owner, short.paid.id, { amount: 100, subscription: 'shorten' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.expiry_date).toBe(PAYMENT_MESSAGES.shortenNeedsDay);
    expect(await refundsOf(short.paid.id)).toHaveLength(0);

    const day = addDays(start, 9);
    const shortened = await refund(owner, short.paid.id, {
      amount: 15000,
      subscription: 'shorten',
      expiry_date: day,
    });
    expect(shortened.statusCode, shortened.body).toBe(201);
    expect(shortened.json().data.subscriptions[0]).toMatchObject({ expiry_date: day });
    expect((await subscriptionsOf(t, short.member.id))[0]!.expiryDate).toBe(day);
  });

  it("shortens the group's covered members with the payer", async () => {
    const group = await addGroupPlan(t, owner.token, 2, { amount: 40000 });
    const payer = await addMember(t, owner.token, { first_name: 'Payer' });
    const friend = await addMember(t, owner.token, { first_name: 'Friend' });
    const paid = await pay(
      t,
      owner,
      paymentBody(payer.id, group.id, 40000, { group_member_ids: [friend.id] }),
    );
    const res = await refund(owner, paid.id, { amount: 40000, subscription: 'end' });
    expect(res.statusCode, res.body).toBe(201);
    for (const m of [payer, friend])
      expect((await subscriptionsOf(t, m.id)).map((s) => s.expiryDate)).toEqual([today]);
    const told = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.memberId, friend.id), eq(auditEntries.paymentId, paid.id)));
    expect(told.map((e) => [e.action, e.changes])).toEqual([
      ['subscription.change', { last_day: { from: paid.subscription.expiry_date, to: today } }],
    ]);
  });

  it('refuses to change a subscription whose renewal is chained after it, but may keep it', async () => {
    const member = await addMember(t, owner.token, { first_name: 'Tunde' });
    const first = await pay(t, owner, paymentBody(member.id, monthly.id, 25000));
    const renewal = await pay(t, owner, paymentBody(member.id, monthly.id, 25000));
    const dbBefore = await snapshot(t);
    const refused = await refund(owner, first.id, { amount: 100, subscription: 'end' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(renewalChainedMessage(renewal.receipt_number));
    expect(await snapshot(t)).toEqual(dbBefore);
    expect((await refund(owner, first.id, { amount: 100, subscription: 'keep' })).statusCode).toBe(
      201,
    );
    // The renewal has not started: ending it today withdraws it; then the first may end.
    const withdrawn = await refund(owner, renewal.id, { amount: 25000, subscription: 'end' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    expect(withdrawn.json().data.subscriptions[0]).toMatchObject({ is_active: false });
    expect((await refund(owner, first.id, { amount: 100, subscription: 'end' })).statusCode).toBe(
      201,
    );
    const cover = (
      await t.db.select().from(memberCover).where(eq(memberCover.memberId, member.id))
    )[0]!;
    expect(cover.paidThrough).toBe(today);
  });

  it('refuses a voided payment, and a refunded payment cannot be voided', async () => {
    const voided = await payFor();
    const v = await call(t.app, 'POST', `/v1/payment/${voided.paid.id}/void`, {
      token: owner.token,
      body: { reason: 'Wrong member' },
    });
    expect(v.statusCode).toBe(200);
    const res = await refund(owner, voided.paid.id, { amount: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.refundVoided);

    const refunded = await payFor();
    expect((await refund(owner, refunded.paid.id, { amount: 100 })).statusCode).toBe(201);
    const noVoid = await call(t.app, 'POST', `/v1/payment/${refunded.paid.id}/void`, {
      token: owner.token,
      body: { reason: 'Wrong member' },
    });
    expect(noVoid.statusCode).toBe(409);
    expect(noVoid.json().code).toBe('PAYMENT_REFUNDED');
    expect((await paymentRow(refunded.paid.id)).voidedAt).toBeNull();
  });

  it('is for owners and admins only', async () => {
    const { paid } = await payFor('Cash');
    const res = await refund(staff, paid.id, { amount: 100 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ROLE_FORBIDDEN');
    const theirs = await refund(other, paid.id, { amount: 100 });
    expect(theirs.statusCode).toBe(404);
    expect(await refundsOf(paid.id)).toHaveLength(0);
  });
});
