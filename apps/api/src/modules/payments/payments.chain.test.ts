import { addDays, lagosDay } from '@kora/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody, payForPeriod, postPayment, subscriptionsOf } from '../../test/payments';
import { recordPayment } from './payments.service';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'CHN' }, other: { code: 'OTHR' } });

const paymentsOf = async (memberId: number) =>
  (await t.db.select({ n: count() }).from(payments).where(eq(payments.memberId, memberId)))[0]!.n;

/** Each subscription starts the day after the previous one ends: no gap, no overlap. */
const expectChained = (subs: { startDate: string; expiryDate: string }[]) => {
  for (let i = 1; i < subs.length; i++)
    expect(subs[i]!.startDate).toBe(addDays(subs[i - 1]!.expiryDate, 1));
};

describe('subscription periods on a pinned calendar', () => {
  const record = (memberId: number, planId: number, amount: number, today: string, duration = 1) =>
    recordPayment(
      t.app.ctx,
      { businessId: owner.businessId, userId: owner.userId },
      {
        member_id: memberId,
        subscription_type_id: planId,
        amount,
        duration,
        method: 'Card',
        purpose: 'Subscription payment',
      },
      { today },
    );

  it('ends a month bought on 31 January on 28 February, then chains from 1 March', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 20000 });
    const first = await record(member.id, plan.id, 20000, '2026-01-31');
    // 31 Jan + 1 month is clamped to 28 Feb: the member keeps February to its last day.
    expect(first.subscription).toMatchObject({
      start_date: '2026-01-31',
      expiry_date: '2026-02-28',
    });
    expect(first.paid_on).toBe('2026-01-31');
    const second = await record(member.id, plan.id, 20000, '2026-02-10');
    expect(second.subscription).toMatchObject({
      start_date: '2026-03-01',
      expiry_date: '2026-03-31',
    });
    const leap = await addMember(t, owner.token);
    const year = await record(leap.id, plan.id, 240000, '2028-01-31', 12);
    expect(year.subscription).toMatchObject({
      start_date: '2028-01-31',
      expiry_date: '2029-01-30',
    });
  });

  it('starts today again once the previous subscription has ended (no back-dating)', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 500, duration: 1, duration_type: 'day' });
    const first = await record(member.id, plan.id, 500, '2026-03-01');
    expect(first.subscription).toMatchObject({
      start_date: '2026-03-01',
      expiry_date: '2026-03-01',
    });
    const same = await record(member.id, plan.id, 1000, '2026-03-01', 2);
    expect(same.subscription).toMatchObject({
      start_date: '2026-03-02',
      expiry_date: '2026-03-03',
    });
    const later = await record(member.id, plan.id, 500, '2026-03-10');
    expect(later.subscription).toMatchObject({
      start_date: '2026-03-10',
      expiry_date: '2026-03-10',
    });
  });
});

describe('concurrent payments for one member', () => {
  it('chains 50 parallel payments without gap or overlap: 50 payments, 50 subscriptions', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 1000, duration_type: 'week' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postPayment(
          t,
          owner,
          paymentBody(member.id, plan.id, 1000 * (1 + (i % 3)), { duration: 1 + (i % 3) }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const subs = await subscriptionsOf(t, member.id);
    expect(subs).toHaveLength(50);
    expect(await paymentsOf(member.id)).toBe(50);
    expect(subs[0]!.startDate).toBe(lagosDay());
    expectChained(subs);
    const weeks = subs.reduce((n, s) => n + s.duration, 0);
    expect(subs.at(-1)!.expiryDate).toBe(addDays(lagosDay(), 7 * weeks - 1));
  });
});

describe('Idempotency-Key', () => {
  it('answers the first payment for a repeated key and writes nothing new', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 7000 });
    const body = paymentBody(member.id, plan.id, 7000);
    const first = await postPayment(t, owner, body, 'key-1');
    const again = await postPayment(t, owner, body, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(member.id)).toBe(1);
    expect(await subscriptionsOf(t, member.id)).toHaveLength(1);
    // A new key is a new payment (a renewal).
    const next = await pay(t, owner, body, 'key-2');
    expect(next.id).not.toBe(first.json().data.id);
    expect(await paymentsOf(member.id)).toBe(2);
  });

  it('records one payment when the same key arrives many times at once', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 7000 });
    const body = paymentBody(member.id, plan.id, 7000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => postPayment(t, owner, body, 'same-moment')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await paymentsOf(member.id)).toBe(1);
    expect(await subscriptionsOf(t, member.id)).toHaveLength(1);
  });

  it('answers the first payment even when the same key comes with another member', async () => {
    const a = await addMember(t, owner.token);
    const b = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 100 });
    const [ra, rb] = await Promise.all([
      postPayment(t, owner, paymentBody(a.id, plan.id, 100), 'shared-key'),
      postPayment(t, owner, paymentBody(b.id, plan.id, 100), 'shared-key'),
    ]);
    expect(ra!.json().data.id).toBe(rb!.json().data.id);
    expect((await paymentsOf(a.id)) + (await paymentsOf(b.id))).toBe(1);
  });

  it('keeps keys per business, and refuses a key over 100 characters', async () => {
    const mine = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 100 });
    const theirs = await addMember(t, other.token);
    const theirPlan = await addPlan(t, other.token, { amount: 100 });
    const a = await pay(t, owner, paymentBody(mine.id, plan.id, 100), 'k-shared');
    const b = await pay(t, other, paymentBody(theirs.id, theirPlan.id, 100), 'k-shared');
    expect(b.id).not.toBe(a.id);
    expect(b.member.id).toBe(theirs.id);
    const long = await postPayment(t, owner, paymentBody(mine.id, plan.id, 100), 'k'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Idempotency-Key must be at most 100 characters');
    const stored = await t.db
      .select({ n: count() })
      .from(payments)
      .where(
        and(eq(payments.businessId, owner.businessId), eq(payments.idempotencyKey, 'k-shared')),
      );
    expect(stored[0]!.n).toBe(1);
  });
});

describe('expired subscriptions', () => {
  it('starts a new subscription today when the last one has already ended', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 100 });
    await payForPeriod(t, owner, member.id, plan, ['2025-01-01', addDays(lagosDay(), -1)]);
    const renewal = await pay(t, owner, paymentBody(member.id, plan.id, 100));
    expect(renewal.subscription.start_date).toBe(lagosDay());
  });
});
