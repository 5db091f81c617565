import { addDays, addMonths, lagosDay } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, subscriptions } from '../../db/schema';
import { call, expectFieldErrors, expectSetupAskedFor, signUp } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant } from '../../test/tenants';
import { pay, paymentBody, postPayment, subscriptionsOf } from '../../test/payments';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'PAY' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHR' },
});

const paymentRow = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('POST /v1/payment', () => {
  it('records the payment and the subscription it bought, starting today', async () => {
    const member = await addMember(t, owner.token, { first_name: 'Ngozi', last_name: 'Obi' });
    const plan = await addPlan(t, owner.token, { name: 'Quarterly', amount: 60000, duration: 3 });
    const res = await postPayment(
      t,
      staff,
      paymentBody(member.id, plan.id, 120000, { duration: 2, method: 'Cash', purpose: '  ' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Payment recorded successfully.');
    const data = res.json().data;
    const today = lagosDay();
    expect(data).toMatchObject({
      amount: 120000,
      duration: 2,
      method: 'Cash',
      purpose: 'Subscription payment',
      paid_on: today,
      member_id: member.id,
      subscription_type_id: plan.id,
      member: {
        id: member.id,
        first_name: 'Ngozi',
        last_name: 'Obi',
        email_address: member.email_address,
        picture_url: null,
      },
      subscription_type: { id: plan.id, name: 'Quarterly', is_grouped: 0, duration_type: 'month' },
      subscription: {
        member_id: member.id,
        payment_id: data.id,
        subscription_type: { id: plan.id, name: 'Quarterly', is_grouped: 0 },
        subscription_amount: 120000,
        duration: 2,
        plan_duration: 3,
        duration_type: 'month',
        start_date: today,
        // 2 × 3 months, the last day included.
        expiry_date: addDays(addMonths(today, 6), -1),
        is_active: true,
      },
    });
    const row = (await paymentRow(data.id))!;
    expect(row).toMatchObject({ amountKobo: 12000000, recordedBy: staff.userId, paidOn: today });
  });

  it('stores kobo exactly: ₦33,333.33 × 3 = ₦99,999.99 (9,999,999 kobo)', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 33333.33 });
    const data = await pay(t, owner, paymentBody(member.id, plan.id, 99999.99, { duration: 3 }));
    expect(data.amount).toBe(99999.99);
    expect(data.subscription.subscription_amount).toBe(99999.99);
    expect((await paymentRow(data.id))!.amountKobo).toBe(9999999);
    const [sub] = await subscriptionsOf(t, member.id);
    expect(sub!.amountKobo).toBe(9999999);
  });

  it('refuses an amount that is not plan price × duration, stating the right one', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    for (const amount of [25000, 74999.99, 75000.01, 1]) {
      const res = await postPayment(
        t,
        owner,
        paymentBody(member.id, plan.id, amount, { duration: 3 }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Amount does not match the plan price × duration (₦75,000).');
      expect(res.json().errors.amount).toBe(res.json().message);
    }
    expect(await subscriptionsOf(t, member.id)).toEqual([]);
    const kobo = await addPlan(t, owner.token, { amount: 33333.33 });
    const res = await postPayment(
      t,
      owner,
      paymentBody(member.id, kobo.id, 100000, { duration: 3 }),
    );
    expect(res.json().message).toBe(
      'Amount does not match the plan price × duration (₦99,999.99).',
    );
  });

  it('chains a renewal: it starts the day after the running subscription ends', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 5000, duration_type: 'week' });
    const first = await pay(t, owner, paymentBody(member.id, plan.id, 5000));
    const second = await pay(t, owner, paymentBody(member.id, plan.id, 10000, { duration: 2 }));
    expect(first.subscription.start_date).toBe(lagosDay());
    expect(first.subscription.expiry_date).toBe(addDays(lagosDay(), 6));
    expect(second.subscription.start_date).toBe(addDays(first.subscription.expiry_date, 1));
    expect(second.subscription.expiry_date).toBe(addDays(lagosDay(), 20));
    // Another plan for the same member starts today: chains are per plan.
    const daily = await addPlan(t, owner.token, {
      amount: 1500,
      duration: 1,
      duration_type: 'day',
    });
    const pass = await pay(t, owner, paymentBody(member.id, daily.id, 1500));
    expect(pass.subscription).toMatchObject({ start_date: lagosDay(), expiry_date: lagosDay() });
  });

  it("answers the screens' texts for each invalid field", async () => {
    const res = await postPayment(t, owner, {
      member_id: 0,
      subscription_type_id: '',
      amount: 0,
      method: 'Cheque',
      duration: 0,
      purpose: 'x'.repeat(201),
    });
    expectFieldErrors(res, {
      member_id: 'Please select a member',
      subscription_type_id: 'Please select a subscription plan',
      amount: 'Amount must be greater than 0',
      method: 'Please select a payment method',
      duration: 'Duration must be at least 1',
      purpose: 'Purpose must be at most 200 characters',
    });
    const missing = await postPayment(t, owner, {});
    expect(missing.json().errors).toMatchObject({
      member_id: 'Please select a member',
      subscription_type_id: 'Please select a subscription plan',
      method: 'Please select a payment method',
      duration: 'Duration must be at least 1',
    });
    const body = paymentBody(1, 1, 10.001, { duration: 121 });
    const more = await postPayment(t, owner, body);
    expect(more.json().errors).toEqual({
      amount: 'Amount can have at most two decimals',
      duration: 'Duration must be at most 120',
    });
  });

  it('refuses an inactive plan and a deactivated member', async () => {
    const member = await addMember(t, owner.token);
    const inactive = await addPlan(t, owner.token, { amount: 1000, is_active: 0 });
    const res = await postPayment(t, owner, paymentBody(member.id, inactive.id, 1000));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This plan is inactive. Choose an active plan.');
    const plan = await addPlan(t, owner.token, { amount: 1000 });
    await call(t.app, 'PATCH', `/v1/member/${member.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    const off = await postPayment(t, owner, paymentBody(member.id, plan.id, 1000));
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(
      'This member is deactivated. Reactivate them before recording a payment.',
    );
    expect(await subscriptionsOf(t, member.id)).toEqual([]);
  });

  it("answers 404 for an unknown or another business's member or plan, writing nothing", async () => {
    const mine = await addMember(t, owner.token);
    const myPlan = await addPlan(t, owner.token, { amount: 2000 });
    const theirs = await addMember(t, other.token);
    const theirPlan = await addPlan(t, other.token, { amount: 2000 });
    const cases: [number, number, string][] = [
      [theirs.id, myPlan.id, 'Member not found.'],
      [999999, myPlan.id, 'Member not found.'],
      [mine.id, theirPlan.id, 'Subscription plan not found.'],
      [mine.id, 999999, 'Subscription plan not found.'],
    ];
    for (const [memberId, planId, message] of cases) {
      const res = await postPayment(t, owner, paymentBody(memberId, planId, 2000));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    const written = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.memberId, theirs.id));
    expect(written).toEqual([]);
    expect(await subscriptionsOf(t, mine.id)).toEqual([]);
  });

  it('lets staff, admins and owners record; asks for sign-in and business setup', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 100 });
    const admin = await createTenant(t, { role: 'admin', businessId: owner.businessId });
    for (const who of [owner, admin, staff])
      expect((await postPayment(t, who, paymentBody(member.id, plan.id, 100))).statusCode).toBe(
        201,
      );
    const anonymous = await call(t.app, 'POST', '/v1/payment', {
      body: paymentBody(member.id, plan.id, 100),
    });
    expect(anonymous.statusCode).toBe(401);
    const loner = await signUp(t);
    await expectSetupAskedFor(t, loner.access, [
      ['POST', '/v1/payment'],
      ['GET', '/v1/payment'],
      ['GET', '/v1/payment/summary'],
      ['GET', '/v1/subscription'],
      ['GET', '/v1/subscription/summary'],
    ]);
  });
});
