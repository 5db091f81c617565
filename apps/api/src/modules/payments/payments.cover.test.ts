import { COVER_MESSAGES, isCalendarDay, lagosDay, periodEnd } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries, payments, plans, subscriptions } from '../../db/schema';
import { call, expectFieldErrors } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addGroupPlan, addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody, postPayment } from '../../test/payments';

/*
 * A plan lasts at most 10 years, and so does what one payment covers (the plan's length × the
 * periods bought): every day a subscription names is a real date. A longer cover is refused
 * before anything is stored.
 */

const t = useTestApp();
const { owner, staff } = useTenants(t, {
  owner: { code: 'COVR' },
  staff: { role: 'staff', of: 'owner' },
});

const plan = (overrides: Record<string, unknown>) =>
  call(t.app, 'POST', '/v1/subscription-type', {
    token: owner.token,
    body: { name: 'Long plan', amount: 5000, duration: 1, duration_type: 'month', ...overrides },
  });

/** What the member's payments left behind: payments, subscriptions, trail entries. */
const storedFor = async (memberId: number) => ({
  payments: await t.db.select().from(payments).where(eq(payments.memberId, memberId)),
  subscriptions: await t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, memberId)),
  entries: (
    await t.db.select().from(auditEntries).where(eq(auditEntries.memberId, memberId))
  ).filter((e) => e.action === 'payment.record'),
});

describe("a plan's length", () => {
  it.each([
    [1000, 'year'],
    [11, 'year'],
    [121, 'month'],
    [522, 'week'],
    [3653, 'day'],
    [1_000_000, 'day'],
  ])('of %i %s is refused', async (duration, duration_type) => {
    expectFieldErrors(await plan({ duration, duration_type }), { duration: COVER_MESSAGES.plan });
  });

  it.each([
    [10, 'year'],
    [120, 'month'],
    [521, 'week'],
    [3652, 'day'],
  ])('of %i %s is taken', async (duration, duration_type) => {
    expect((await plan({ duration, duration_type })).statusCode).toBe(201);
  });

  it('stays within 10 years when an edit changes its duration or its unit alone', async () => {
    const monthly = await addPlan(t, owner.token, { duration: 6 });
    const edit = (body: Record<string, unknown>) =>
      call(t.app, 'PATCH', `/v1/subscription-type/${monthly.id}`, { token: owner.token, body });
    expectFieldErrors(await edit({ duration: 1000, duration_type: 'year' }), {
      duration: COVER_MESSAGES.plan,
    });
    // 6 months become 6 years: fine; then 121 months: too long.
    expect((await edit({ duration_type: 'year' })).statusCode).toBe(200);
    expectFieldErrors(await edit({ duration: 11 }), { duration: COVER_MESSAGES.plan });
    expect((await edit({ duration: 10 })).statusCode).toBe(200);
    expectFieldErrors(await edit({ duration: 121, duration_type: 'month' }), {
      duration: COVER_MESSAGES.plan,
    });
    const [row] = await t.db.select().from(plans).where(eq(plans.id, monthly.id));
    expect(row).toMatchObject({ duration: 10, durationType: 'year' });
  });
});

describe('what one payment covers', () => {
  it('refuses 11 periods of a 1-year plan with 400 on the periods and stores nothing', async () => {
    const member = await addMember(t, owner.token);
    const annual = await addPlan(t, owner.token, {
      name: 'Annual',
      amount: 100000,
      duration_type: 'year',
    });
    const res = await postPayment(
      t,
      staff,
      paymentBody(member.id, annual.id, 1_100_000, {
        duration: 11,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COVER_TOO_LONG', message: COVER_MESSAGES.payment });
    expectFieldErrors(res, { duration: COVER_MESSAGES.payment });
    expect(await storedFor(member.id)).toEqual({ payments: [], subscriptions: [], entries: [] });
  });

  it('takes 10 periods of a 1-year plan: the expiry is a real ISO date 10 years on', async () => {
    const member = await addMember(t, owner.token);
    const annual = await addPlan(t, owner.token, {
      name: 'Annual',
      amount: 100000,
      duration_type: 'year',
    });
    const data = await pay(
      t,
      staff,
      paymentBody(member.id, annual.id, 1_000_000, { duration: 10 }),
    );
    const expiry = data.subscription.expiry_date as string;
    expect(expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(isCalendarDay(expiry)).toBe(true);
    expect(expiry).toBe(periodEnd(lagosDay(), 'year', 10));
  });

  it('refuses a group payment covering more than 10 years, for nobody in the group', async () => {
    const payer = await addMember(t, owner.token);
    const partner = await addMember(t, owner.token);
    const duo = await addGroupPlan(t, owner.token, 2, { duration: 2, duration_type: 'year' });
    const res = await postPayment(
      t,
      owner,
      paymentBody(payer.id, duo.id, 180000, { duration: 6, group_member_ids: [partner.id] }),
    );
    expectFieldErrors(res, { duration: COVER_MESSAGES.payment });
    expect((await storedFor(payer.id)).payments).toEqual([]);
    expect((await storedFor(partner.id)).subscriptions).toEqual([]);
  });

  it('refuses even one period of a plan kept from before the limit (1000 years)', async () => {
    const member = await addMember(t, owner.token);
    const annual = await addPlan(t, owner.token, { amount: 2000, duration_type: 'year' });
    // A plan made before plans were held to 10 years.
    await t.db.update(plans).set({ duration: 1000 }).where(eq(plans.id, annual.id));
    const res = await postPayment(t, owner, paymentBody(member.id, annual.id, 2000));
    expectFieldErrors(res, { duration: COVER_MESSAGES.payment });
    expect(await storedFor(member.id)).toEqual({ payments: [], subscriptions: [], entries: [] });
  });
});
